import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import { InputFileError } from './errors.js';

/** A parsed YAML file that can tell the line:col of any node by its path. */
export interface YamlSource {
  file: string;
  data: unknown;
  pos(path: (string | number)[]): { line: number; col: number };
}

/** Parses YAML keeping positions; syntax errors become InputFileError with the first error's position. */
export function parseYamlSource(file: string, text: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const first = doc.errors[0];
  if (first) {
    const lp = lineCounter.linePos(first.pos[0]);
    throw new InputFileError(file, lp.line, lp.col, `YAML syntax: ${first.message.split('\n')[0]}`);
  }
  return {
    file,
    data: doc.toJS(),
    pos(path) {
      for (let n = path.length; n >= 0; n--) {
        const node = n === 0 ? doc.contents : doc.getIn(path.slice(0, n), true);
        if (isNode(node) && node.range) {
          const lp = lineCounter.linePos(node.range[0]);
          return { line: lp.line, col: lp.col };
        }
      }
      return { line: 1, col: 1 };
    },
  };
}

/** Splits an ajv instancePath ("/scenarios/0/steps/1") into YAML path segments. */
export function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}
