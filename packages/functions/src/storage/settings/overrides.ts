import { TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import type { SettingEntry } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { Entities } from "../keys.js";
import { queryAll } from "../operations.js";
import { isTransactionConflict } from "../conditions.js";
import { backOff } from "../../backoff.js";

/**
 * A seller's overrides of the settings about its own selling (core Settings.PER_SELLER_KEYS), one
 * item per key in the seller's scope (pk SETTINGSOVERRIDE). The shared group stays as it is.
 */

interface OverrideItem {
  group: string;
  key: string;
  value: string;
}

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

const CONFLICT_BACKOFF = { baseMs: 10, maxMs: 250 };
const CONFLICT_ATTEMPTS = 8;

const toEntry = (item: OverrideItem): SettingEntry => ({ key: item.key, value: item.value, group: item.group });

/** The current scope's overrides: of one group, or of every group. */
export async function listOverrides(ref: TableRef, group?: string): Promise<SettingEntry[]> {
  const query = Entities.settings_override.query;
  const condition = group === undefined ? query.partition() : query.prefix({}, Entities.settings_override.sortKey({ group, key: "" }));
  const items = await queryAll<OverrideItem>(ref, { ...condition, ConsistentRead: true });
  return items.map(toEntry);
}

/** Keys to store as the current scope's seller's overrides (key → text), and keys whose override goes. */
export interface OverrideWrite {
  set: Record<string, string>;
  remove: readonly string[];
}

/** The transaction items of an override write (also part of a shared group's write: storage/settings.ts). */
export function overrideItems(ref: TableRef, group: string, { set, remove }: OverrideWrite, now: Date): TransactItem[] {
  return [
    ...Object.entries(set).map(([key, value]): TransactItem => ({
      Put: { TableName: ref.table, Item: { ...Entities.settings_override.key({ group, key }), kind: "settings_override", group, key, value, updated_at: now.toISOString() } },
    })),
    ...remove.map((key): TransactItem => ({ Delete: { TableName: ref.table, Key: Entities.settings_override.key({ group, key }) } })),
  ];
}

/**
 * Stores `set` as the current scope's overrides of the group and removes those of `remove`, all
 * or nothing. The caller has checked every key may be overridden.
 */
export async function writeOverrides(ref: TableRef, group: string, write: OverrideWrite, now = new Date()): Promise<void> {
  const items = overrideItems(ref, group, write, now);
  if (items.length === 0) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await ref.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      // Another write of the same keys at the same moment: the last one stands, as with a PUT.
      if (!isTransactionConflict(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
      await backOff(CONFLICT_BACKOFF, attempt);
    }
  }
}
