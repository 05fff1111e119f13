import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "#storage/client";
import { Entities } from "#storage/keys";

export type StoredItem = Record<string, unknown>;

const order = (a: StoredItem, b: StoredItem): number =>
  String(a.pk).localeCompare(String(b.pk)) || String(a.sk).localeCompare(String(b.sk));

/** Every item of the table, in key order: what "the stored data" is when a test compares before and after. */
export async function dumpTable(ref: TableRef): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ref.doc.send(new ScanCommand({ TableName: ref.table, ConsistentRead: true, ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as StoredItem[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items.sort(order);
}

/**
 * Whether an item is what a sync run records of itself or derives, failed or not: its runs, and the
 * open alerts with their events (every run derives them again from the data as stored, the
 * failed-sync alert among them, catching up with writes that derive none, such as planning).
 */
const syncHealth = (item: StoredItem): boolean =>
  Entities["sync-run"].parse(item) !== undefined || Entities.alert.parse(item) !== undefined || Entities.alert_event.parse(item) !== undefined;

/** The stored data without the sync's own records: a failed sync records its run and derives the alerts again, and changes nothing else. */
export async function dumpStoredData(ref: TableRef): Promise<StoredItem[]> {
  return (await dumpTable(ref)).filter((item) => !syncHealth(item));
}
