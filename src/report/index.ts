/** Reporters (ARCHITECTURE.md § Reports): pure functions of RunResult, plus the one writer. */
export { renderJson } from './json.js';
export { renderJunit } from './junit.js';
export { renderProgressLine, renderSummary } from './console.js';
export { renderHtml } from './html/render.js';
export { writeReports, REPORT_FILES, type WriteReportsOptions } from './write.js';
export { redactRun, redactText, redactHeaders } from '../redact/patterns.js';
export { versionVerdicts, endpointFamily, type VersionVerdict } from './tally.js';
