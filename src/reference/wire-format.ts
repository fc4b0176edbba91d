/**
 * Reads the wire recordings of a client library (test/fixtures/clients/<library>/wire-*.txt; their SOURCES.md
 * says how they were made). Two forms:
 *
 * Block form, one entry per request:
 *   #N METHOD {base_url}/path?query
 *     Accept: <value or empty>
 *     Content-Type: <value or empty>
 *     body: <the body's bytes, over as many lines as it has; CRLF kept; may end in `...[N bytes]`>
 *     => call(args) [expect S]: STATUS BODY      (optional: the library call, and what the recording's server sent)
 *
 * Line form, one line per request (bodies cut at 300 characters, line breaks written as spaces):
 *   METHOD {base_url}/path?query | Accept: <value> | CT: <value> | <body>
 */

export interface WireAnswer {
  /** The library call as the recording names it: `update(id, acl only)`. */
  call: string;
  /** The status the recording's call ended with (its last request's, or the library's own). */
  status: number;
  body: string;
  /** `[expect 404]` in the call: the status the caller meant to provoke. */
  expect?: number;
}

export interface WireRequest {
  /** `wire-1.6.0.txt#9`, or `wire-extra.txt:4` (line number) for the line form. */
  source: string;
  method: string;
  /** Path and query as sent, without `{base_url}`. */
  target: string;
  /** The request headers the library set (empty ones left out); lower-case names. */
  headers: Record<string, string>;
  /** The body as recorded, one character per byte (latin1). */
  body: string;
  /** The recording left out this many bytes at the end (`...[N bytes]`). */
  elided?: number;
  /** Line form: line breaks were flattened to spaces and the body may be cut (300 characters). */
  flattened?: boolean;
  cut?: boolean;
  answer?: WireAnswer;
}

const BLOCK_START = /^#(\d+) (\S+) \{base_url\}(\S*)$/;
const LINE_FORM = /^(\S+) \{base_url\}(\S*) \| Accept: (.*?) \| CT: (.*?) \| (.*)$/;
const ANSWER = /^ {2}=> (.*?): (\d{3}) ?(.*)$/;
const ELIDED = /\.\.\.\[(\d+) bytes\]$/;
/** Line-form bodies are cut at this many characters. */
export const LINE_BODY_LIMIT = 300;

function header(line: string | undefined, name: string): string {
  const prefix = `  ${name}: `;
  if (line === undefined || !(line.startsWith(prefix) || line === prefix.trimEnd())) throw new Error(`expected '${prefix.trim()}', got ${JSON.stringify(line)}`);
  return line.slice(prefix.length);
}

function headersOf(accept: string, type: string): Record<string, string> {
  return { ...(accept ? { accept } : {}), ...(type ? { 'content-type': type } : {}) };
}

function answerOf(line: string): WireAnswer | undefined {
  const m = ANSWER.exec(line);
  if (!m) return undefined;
  const expect = /\[expect (\d{3})\]/.exec(m[1]);
  return { call: m[1], status: Number(m[2]), body: m[3], ...(expect ? { expect: Number(expect[1]) } : {}) };
}

function parseBlocks(file: string, lines: string[]): WireRequest[] {
  const out: WireRequest[] = [];
  let i = 0;
  while (i < lines.length) {
    const start = BLOCK_START.exec(lines[i]);
    if (!start) {
      if (lines[i] === '') { i++; continue; }
      throw new Error(`${file}:${i + 1}: expected '#N METHOD {base_url}…', got ${JSON.stringify(lines[i].slice(0, 60))}`);
    }
    const accept = header(lines[i + 1], 'Accept');
    const type = header(lines[i + 2], 'Content-Type');
    const body = [header(lines[i + 3], 'body')];
    i += 4;
    while (i < lines.length && !BLOCK_START.test(lines[i]) && !ANSWER.test(lines[i])) body.push(lines[i++]);
    // A body followed by the next entry ends with the recorder's own line break: the last line is then ''.
    if (i >= lines.length && body[body.length - 1] === '') body.pop();
    let text = body.join('\n');
    const elided = ELIDED.exec(text);
    if (elided) text = text.slice(0, elided.index);
    const answer = i < lines.length ? answerOf(lines[i]) : undefined;
    if (answer) i++;
    out.push({
      source: `${file}#${start[1]}`, method: start[2], target: start[3], headers: headersOf(accept, type), body: text,
      ...(elided ? { elided: Number(elided[1]) } : {}), ...(answer ? { answer } : {}),
    });
  }
  return out;
}

function parseLines(file: string, lines: string[]): WireRequest[] {
  return lines.flatMap((line, i): WireRequest[] => {
    if (line === '') return [];
    const m = LINE_FORM.exec(line);
    if (!m) throw new Error(`${file}:${i + 1}: not 'METHOD {base_url}… | Accept: … | CT: … | body'`);
    return [{ source: `${file}:${i + 1}`, method: m[1], target: m[2], headers: headersOf(m[3], m[4]), body: m[5], flattened: true, cut: m[5].length >= LINE_BODY_LIMIT }];
  });
}

/** The requests of one recording (the text read as latin1, so that each character is one byte). */
export function parseWire(file: string, text: string): WireRequest[] {
  const lines = text.split('\n');
  return lines[0].startsWith('#') ? parseBlocks(file, lines) : parseLines(file, lines);
}
