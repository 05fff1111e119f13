/**
 * CSV injection (OWASP): a spreadsheet runs a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula. Every CSV the service or its console writes passes its text cells
 * through this one rule, which prefixes such a cell with a single quote so it opens as text.
 *
 * Only text is neutralised. A number (a JavaScript number, such as -3) stays a number: it cannot
 * carry a formula, and a spreadsheet must still be able to add it up. A text that merely looks
 * like a number ("-3" as a SKU) is text and gets the quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a spreadsheet would read this text cell as the start of a formula. */
export const startsLikeFormula = (text: string): boolean => FORMULA_START.test(text);

/** The text cell as a spreadsheet should show it: quoted with `'` when it would run as a formula. */
export const safeCsvText = (text: string): string => (startsLikeFormula(text) ? `'${text}` : text);
