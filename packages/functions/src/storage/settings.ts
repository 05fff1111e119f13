import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import type { SettingEntry } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { ITEM_ABSENT, KeyConditions, Keys } from "./keys.js";
import { queryAll } from "./operations.js";
import { isTransactionConflict } from "./conditions.js";
import { credentialTokenUpdate } from "./credentials.js";

/**
 * All entries of one group live in one item (a map of key → {value, description}), so a
 * PUT of any number of keys is a single conditional write: atomic without the 100-item
 * limit of transactions. A version number makes concurrent writers retry on the newest
 * copy, so writers of different keys never lose each other's changes.
 */
interface GroupItem {
  pk: string;
  sk: string;
  group: string | null;
  entries: Record<string, { value: string; description?: string | null }>;
  version: number;
}

const MAX_ATTEMPTS = 8;

function entriesOf(item: GroupItem): SettingEntry[] {
  return Object.entries(item.entries ?? {}).map(([key, entry]) => ({
    key,
    value: entry.value,
    group: item.group,
    description: entry.description ?? null,
  }));
}

async function getGroupItem(ref: TableRef, group: string | null): Promise<GroupItem | undefined> {
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Keys.settingsGroup(group), ConsistentRead: true }));
  return result.Item as GroupItem | undefined;
}

export async function listGroupEntries(ref: TableRef, group: string): Promise<SettingEntry[]> {
  const item = await getGroupItem(ref, group);
  return item ? entriesOf(item) : [];
}

export async function listAllEntries(ref: TableRef): Promise<SettingEntry[]> {
  const items = await queryAll<GroupItem>(ref, KeyConditions.partition(Keys.settingsPartition));
  return items.flatMap(entriesOf);
}

export interface GroupWrite {
  /** key → text and the description to give a key that is new. */
  entries: Record<string, { value: string; description: string | null }>;
  /** Descriptions of existing keys are kept unless this is set (the loader's raw entries). */
  replaceDescriptions?: boolean;
  /** Also store this token as the ERP credential's access token, in the same transaction. */
  erpToken?: string;
  now?: Date;
}

/** DynamoDB's limit on a map key, in bytes. */
const MAX_KEY_BYTES = 65_535;

/** A key the store cannot hold ("", "__proto__", over the key size limit): the PUT fails as a whole. */
export class UnstorableSettingKeyError extends Error {
  constructor(readonly key: string) {
    super(`Setting key ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)} cannot be stored`);
    this.name = "UnstorableSettingKeyError";
  }
}

/**
 * The first key a group item cannot hold, if any: DynamoDB refuses empty and over-long map keys,
 * and the SDK's marshalling drops "__proto__".
 */
export function unstorableSettingKey(keys: Iterable<string>): string | undefined {
  for (const key of keys) if (key === "" || key === "__proto__" || Buffer.byteLength(key) > MAX_KEY_BYTES) return key;
  return undefined;
}

/** Writes a group's entries all or nothing. */
export async function writeGroupEntries(ref: TableRef, group: string | null, write: GroupWrite): Promise<void> {
  const unstorable = unstorableSettingKey(Object.keys(write.entries));
  if (unstorable !== undefined) throw new UnstorableSettingKeyError(unstorable);
  for (let attempt = 1; ; attempt++) {
    const current = await getGroupItem(ref, group);
    // A Map, not an object: keys such as "constructor" or "toString" stay plain keys, never inherited members.
    const entries = new Map(Object.entries(current?.entries ?? {}));
    for (const [key, next] of Object.entries(write.entries)) {
      const existing = entries.get(key);
      entries.set(key, {
        value: next.value,
        description: existing && !write.replaceDescriptions ? (existing.description ?? null) : next.description,
      });
    }
    const items: NonNullable<TransactWriteCommandInput["TransactItems"]> = [
      {
        Put: {
          TableName: ref.table,
          Item: { ...Keys.settingsGroup(group), group, entries, version: (current?.version ?? 0) + 1, kind: "settings" },
          ...(current
            ? { ConditionExpression: "version = :seen", ExpressionAttributeValues: { ":seen": current.version } }
            : { ConditionExpression: ITEM_ABSENT }),
        },
      },
    ];
    if (write.erpToken !== undefined) items.push(credentialTokenUpdate(ref, "erp", write.erpToken, write.now ?? new Date()));
    try {
      await ref.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}
