/** The stylesheet and client script of the HTML report, read once from files beside this module. */
import { readFileSync } from 'node:fs';

const cache = new Map<string, string>();

function asset(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
    cache.set(name, text);
  }
  return text;
}

export const reportCss = (): string => asset('report.css');
export const clientScript = (): string => asset('client.browser.js');
