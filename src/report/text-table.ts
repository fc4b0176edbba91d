/** Fixed-width text table for the console summary; cells are padded before any colouring. */
export interface TextColumn {
  header: string;
  align?: 'left' | 'right';
}

export function textTable(columns: readonly TextColumn[], rows: readonly string[][], indent = '  '): string[] {
  const widths = columns.map((c, i) => Math.max(c.header.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    indent + cells.map((cell, i) => (columns[i].align === 'right' ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ').trimEnd();
  return [line(columns.map((c) => c.header)), ...rows.map(line)];
}
