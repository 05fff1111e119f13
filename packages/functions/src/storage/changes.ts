import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "./client.js";
import { Keys } from "./keys.js";

/**
 * What a write changed: the record kinds the dashboards are computed from. Each topic has a
 * counter on the read-model state item; a view records the counters of the topics it was built
 * from, so any write of a topic it reads makes it stale. (Tariffs, settings, planning parameters
 * and sync runs feed no view: their writes need no hook until a view reads them.)
 */
export type ChangeTopic = "inventory" | "ads" | "daily_stock" | "local_stock" | "metrics";

/** Counter values by topic; a topic never written counts 0. */
export type ChangeCounters = Partial<Record<ChangeTopic, number>>;

const counterAttribute = (topic: ChangeTopic): string => `v_${topic}`;

/**
 * The one hook every write path calls after its writes are stored and before it answers: it
 * bumps the topics' counters, so a view built before the write is no longer read. It never
 * rebuilds anything (services/read-model.ts does, when the write path asks for it).
 */
export async function markChanged(ref: TableRef, topics: ChangeTopic | readonly ChangeTopic[]): Promise<void> {
  const list = [...new Set(typeof topics === "string" ? [topics] : topics)];
  if (list.length === 0) return;
  await ref.doc.send(
    new UpdateCommand({
      TableName: ref.table,
      Key: Keys.readModelState,
      UpdateExpression: `ADD ${list.map((_, i) => `#t${i} :one`).join(", ")} SET kind = :kind`,
      ExpressionAttributeNames: Object.fromEntries(list.map((topic, i) => [`#t${i}`, counterAttribute(topic)])),
      ExpressionAttributeValues: { ":one": 1, ":kind": "read_model" },
    }),
  );
}

/**
 * Runs a write and bumps its topics afterwards, also when the write fails part-way (some items
 * may have landed): a view built before it is then never read again. The write's own error wins
 * over a failed bump; a write that succeeded is acknowledged only once its bump is stored.
 */
export async function writeChanging<T>(ref: TableRef, topics: ChangeTopic | readonly ChangeTopic[], write: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (error) {
    await markChanged(ref, topics).catch(() => undefined);
    throw error;
  }
  await markChanged(ref, topics);
  return result;
}

/** The state item as stored: counters plus one entry per built view. */
export type StateItem = Record<string, unknown>;

/** Reads the state item, strongly consistent: a write acknowledged before the read is always seen. */
export async function readState(ref: TableRef): Promise<StateItem> {
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Keys.readModelState, ConsistentRead: true }));
  return result.Item ?? {};
}

/** The counters of some topics in a state item. */
export function countersOf(state: StateItem, topics: readonly ChangeTopic[]): Record<string, number> {
  return Object.fromEntries(topics.map((topic) => [topic, Number(state[counterAttribute(topic)] ?? 0)]));
}

/** True when a view's recorded counters equal the current ones of every topic it reads. */
export function isCurrent(state: StateItem, built: Record<string, unknown> | undefined, topics: readonly ChangeTopic[]): boolean {
  if (!built) return false;
  return topics.every((topic) => Number(state[counterAttribute(topic)] ?? 0) === built[topic]);
}

/** A condition that holds only while the topics' counters are still the given ones. */
export function countersUnchanged(counters: Record<string, number>, names: Record<string, string>, values: Record<string, unknown>): string {
  return Object.entries(counters)
    .map(([topic, value], i) => {
      names[`#c${i}`] = counterAttribute(topic as ChangeTopic);
      if (value === 0) return `attribute_not_exists(#c${i})`;
      values[`:c${i}`] = value;
      return `#c${i} = :c${i}`;
    })
    .join(" AND ");
}
