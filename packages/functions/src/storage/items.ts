/** Stored items are the domain record plus key and bookkeeping attributes; these strip them on the way out. */
const KEY_ATTRIBUTES = new Set(["pk", "sk", "gsi1pk", "gsi1sk", "kind", "expires_at_epoch", "version", "daily_ad"]);

export function toRecord<T>(item: Record<string, unknown>): T {
  const record: Record<string, unknown> = {};
  for (const name in item) if (!KEY_ATTRIBUTES.has(name)) record[name] = item[name];
  return record as T;
}

export const toRecords = <T>(items: Record<string, unknown>[]): T[] => items.map((item) => toRecord<T>(item));
