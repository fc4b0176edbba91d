import { describe, expect, it } from 'vitest';
import { parseXml } from './xml-wellformed.js';

describe('parseXml (test helper)', () => {
  it('reads nested elements, attributes and entities', () => {
    const root = parseXml('<?xml version="1.0"?>\n<a x="1 &amp; 2"><b/><c>t &lt;3&#10;</c></a>');
    expect(root.attrs.x).toBe('1 & 2');
    expect(root.children.map((c) => c.name)).toEqual(['b', 'c']);
    expect(root.children[1].text).toBe('t <3\n');
  });
  it.each([
    ['<a><b></a></b>', /does not close/],
    ['<a>x < y</a>', /stray </],
    ['<a>fish & chips</a>', /bare &/],
    ['<a>\u0007</a>', /forbidden/],
    ['<a x="1" x="2"/>', /duplicate/],
    ['<a>', /unclosed/],
    ['<a/><b/>', /second root/],
  ])('rejects %j', (xml, err) => {
    expect(() => parseXml(xml)).toThrow(err);
  });
});
