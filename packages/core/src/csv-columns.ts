/**
 * A CSV export as data: each column's header and how a row gives its cell. The API's CSV answers
 * and the console's downloads read the same definitions, so their columns cannot drift apart.
 */
export type CsvCell = string | number | null;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
}

export const headersOf = <Row>(columns: readonly CsvColumn<Row>[]): string[] => columns.map((column) => column.header);

export const cellsOf = <Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): CsvCell[][] =>
  rows.map((row) => columns.map((column) => column.value(row)));
