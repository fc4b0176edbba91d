/** The stylesheet and client script of the HTML report, read once from files beside this module. */
import { readFileSync } from 'node:fs';

/** Client script parts, concatenated in this order inside one function scope. */
export const CLIENT_PARTS = ['client-dom.browser.js', 'client-evidence.browser.js', 'client-list.browser.js'] as const;

const cache = new Map<string, string>();

export function asset(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
    cache.set(name, text);
  }
  return text;
}

export const reportCss = (): string => asset('report.css');

/** The client script: its parts share one strict-mode scope and leak nothing into the page's globals. */
export const clientScript = (): string => `(function () {\n'use strict';\n${CLIENT_PARTS.map(asset).join('\n')}})();\n`;
