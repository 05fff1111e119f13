/** The bench's output: one `name value unit` line per figure as it is measured, then tables. */

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

/** What the run is doing now, on stderr: the figures on stdout stay clean. */
export const progress = (message: string): void => void process.stderr.write(`… ${message}\n`);

export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  return value.toFixed(abs >= 100 ? 1 : abs >= 1 ? 2 : 3);
}

export class Report {
  readonly figures: Figure[] = [];

  figure(name: string, value: number, unit: string): void {
    this.figures.push({ name, value, unit });
    console.log(`${name} ${formatValue(value)} ${unit}`);
  }
}

/** A plain-text table with columns padded to their widest cell. */
export function table(title: string, header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => (typeof cell === "number" ? formatValue(cell) : cell)))];
  const widths = header.map((_, c) => Math.max(...cells.map((row) => (row[c] ?? "").length)));
  const line = (row: string[]): string => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  ");
  return [``, `${title}`, line(header), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}
