/** The Timing section: one small table per version saying where its time went (src/report/timing.ts). */
import esc from 'escape-html';
import type { RunResult } from '../../model/index.js';
import { detailedTiming, timingRows } from '../timing.js';

export function timingHtml(run: RunResult): string {
  const entries = detailedTiming(run);
  if (entries.length === 0) return '<p class="muted">This results file has no timing breakdown.</p>';
  const note = '<p class="muted">Sums count waits that ran at the same time once each; the wall time is the clock.</p>';
  return note + entries.map((t) => `<h3>API ${esc(t.apiVersion)}</h3><table class="grid timing"><tbody>${
    timingRows(t).map(([what, figure]) => `<tr><th scope="row">${esc(what)}</th><td>${esc(figure)}</td></tr>`).join('')
  }</tbody></table>`).join('');
}
