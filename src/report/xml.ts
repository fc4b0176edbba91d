/** XML 1.0 escaping for the JUnit report. */
import escapeHtml from 'escape-html';

/** Characters XML 1.0 forbids (C0 controls except tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripInvalidXml(s: string): string {
  return s.replace(INVALID_XML, '');
}

/** Escaped character data: `& < > " '` become entities, forbidden characters are removed. */
export function xmlText(s: string): string {
  return escapeHtml(stripInvalidXml(s));
}

/** Escaped attribute value; line breaks and tabs kept as character references. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
