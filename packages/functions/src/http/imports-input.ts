import { InvalidInputError } from "../errors.js";

export const DEFAULT_IMPORTS_LIMIT = 50;
export const MAX_IMPORTS_LIMIT = 200;

/** `limit` of GET /full/imports: a whole number from 1 to 200, default 50. */
export function importsLimitFrom(query: Readonly<Record<string, string>>): number {
  const text = query.limit;
  if (text === undefined || text === "") return DEFAULT_IMPORTS_LIMIT;
  const limit = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(limit) || limit < 1 || limit > MAX_IMPORTS_LIMIT) {
    throw new InvalidInputError(`limit must be a whole number from 1 to ${MAX_IMPORTS_LIMIT}, got ${JSON.stringify(text.slice(0, 40))}`);
  }
  return limit;
}
