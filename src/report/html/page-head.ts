import esc from 'escape-html';
import { reportCss } from './assets.js';

/**
 * The opening of every self-contained evconf page (the compliance report, the client conformance record): a strict
 * CSP (no network, no referrer, no forms), the report's stylesheet inline, and `<body>` opened.
 */
export function pageHead(o: { title: string; csp: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(o.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(o.title)}</title>
<link rel="icon" href="data:,">
<style>${reportCss()}</style>
</head>
<body>
`;
}
