/**
 * A small strict XML 1.0 reader for tests of the JUnit report: elements, attributes and text only
 * (no DTD, comments or CDATA, which the report never writes). Throws on anything not well-formed.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_][\\w.-]*';
const ATTR = new RegExp(`\\s+(${NAME})="([^"<]*)"`, 'gy');
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

function decode(raw: string, where: number): string {
  if (FORBIDDEN.test(raw)) throw new Error(`forbidden character near offset ${where}`);
  if (/&/.test(raw.replace(ENTITY, ''))) throw new Error(`bare & near offset ${where}`);
  return raw.replace(ENTITY, (e) => {
    const named: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
    if (named[e]) return named[e];
    return String.fromCodePoint(e[2] === 'x' ? parseInt(e.slice(3, -1), 16) : parseInt(e.slice(2, -1), 10));
  });
}

function parseAttrs(src: string, at: number): Record<string, string> {
  const attrs: Record<string, string> = {};
  ATTR.lastIndex = 0;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = ATTR.exec(src)) !== null) {
    if (m[1] in attrs) throw new Error(`duplicate attribute ${m[1]} at ${at}`);
    attrs[m[1]] = decode(m[2], at);
    end = ATTR.lastIndex;
  }
  if (src.slice(end).trim() !== '') throw new Error(`bad attributes "${src.slice(end)}" at ${at}`);
  return attrs;
}

/** Parses `xml` and returns its root element. */
export function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const tag = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}="[^"<]*")*)\\s*(/?)>`, 'g');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let pos = 0;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(body)) !== null) {
    const between = body.slice(pos, m.index);
    if (between.includes('<')) throw new Error(`stray < near offset ${pos}`);
    const text = decode(between, pos);
    if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root at ${pos}`);
    if (stack.length > 0) stack[stack.length - 1].text += text;
    pos = tag.lastIndex;
    const [, close, name, attrSrc, selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> does not close <${open?.name ?? ''}> at ${m.index}`);
      continue;
    }
    if (root && stack.length === 0) throw new Error('second root element');
    const el: XmlElement = { name, attrs: parseAttrs(attrSrc, m.index), children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1].children.push(el);
    else root = el;
    if (!selfClose) stack.push(el);
  }
  if (body.slice(pos).trim() !== '') throw new Error('content after the root element');
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1].name}>`);
  if (!root) throw new Error('no root element');
  return root;
}
