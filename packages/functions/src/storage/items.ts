import { KEY_ATTRIBUTE_NAMES } from "./keys.js";

/** Stored items are the domain record plus key attributes and bookkeeping; these strip them on the way out. */
const KEY_ATTRIBUTES = new Set([...KEY_ATTRIBUTE_NAMES, "kind", "version"]);

export function toRecord<T>(item: Record<string, unknown>): T {
  const record: Record<string, unknown> = {};
  for (const name in item) if (!KEY_ATTRIBUTES.has(name)) record[name] = item[name];
  return record as T;
}

export const toRecords = <T>(items: Record<string, unknown>[]): T[] => items.map((item) => toRecord<T>(item));
