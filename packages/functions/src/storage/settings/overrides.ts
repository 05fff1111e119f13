import type { TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import type { SettingEntry } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { Entities } from "../keys.js";
import { queryAll } from "../operations.js";

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

/** The transaction items of an override write, part of the group's write (storage/settings.ts) so it is recorded in the group's history. */
export function overrideItems(ref: TableRef, group: string, { set, remove }: OverrideWrite, now: Date): TransactItem[] {
  return [
    ...Object.entries(set).map(([key, value]): TransactItem => ({
      Put: { TableName: ref.table, Item: { ...Entities.settings_override.key({ group, key }), kind: "settings_override", group, key, value, updated_at: now.toISOString() } },
    })),
    ...remove.map((key): TransactItem => ({ Delete: { TableName: ref.table, Key: Entities.settings_override.key({ group, key }) } })),
  ];
}
