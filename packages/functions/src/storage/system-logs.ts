import type { SystemLogEntry } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Entities, logInstantBounds } from "./keys.js";
import { batchWrite, queryAll } from "./operations.js";
import { toRecords } from "./items.js";

/** `instant` is the entry's timestamp as a UTC ISO instant: it orders the module index. */
export function systemLogItem(entry: SystemLogEntry, instant: string): Record<string, unknown> {
  return { ...Entities.system_log.key({ id: entry.id }), ...Entities.system_log.indexKey({ module: entry.module, instant, id: entry.id }), kind: "system_log", ...entry };
}

export async function putSystemLogs(ref: TableRef, entries: { entry: SystemLogEntry; instant: string }[]): Promise<void> {
  await batchWrite(ref, entries.map(({ entry, instant }) => ({ put: systemLogItem(entry, instant) })));
}

/**
 * Entries of one module, newest first: either between two UTC instants (inclusive), or the
 * newest `limit` ones. One key-condition query on the module index either way.
 */
export async function listModuleLogs(
  ref: TableRef,
  module: string,
  filter: { from: string; to: string } | { limit: number },
): Promise<SystemLogEntry[]> {
  const range = "from" in filter;
  // A range that ends before it starts holds nothing; DynamoDB refuses BETWEEN with its bounds reversed.
  if (range && filter.from > filter.to) return [];
  const items = await queryAll(ref, {
    ...(range ? Entities.system_log.indexQuery.between({ module }, logInstantBounds(filter.from, filter.to)) : Entities.system_log.indexQuery.partition({ module })),
    ScanIndexForward: false,
    ...(range ? {} : { Limit: filter.limit }),
  }, range ? undefined : filter.limit);
  return toRecords<SystemLogEntry>(items);
}
