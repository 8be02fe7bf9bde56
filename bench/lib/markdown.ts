/** A markdown table, the first column left-aligned and the others right-aligned. */
export function alignedTable(columns: readonly string[], rows: string[][]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => row[index]!.length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' | ')} |`;
  const separator = `|${widths.map((width, index) => (index === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(columns), separator, ...rows.map(line)].join('\n');
}
