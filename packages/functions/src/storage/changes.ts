import { DynamoDBServiceException } from "@aws-sdk/client-dynamodb";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "./client.js";
import { Entities, type EntityKind } from "./keys.js";
import { batchGet } from "./operations.js";
import { currentScope, withScope } from "./scope.js";
import { cachedSellers } from "./sellers.js";

/**
 * What a write changed: the record kinds the dashboards are computed from. Each topic has a
 * counter on the read-model state item; a view records the counters of the topics it was built
 * from, so any write of a topic it reads makes it stale (design: services/read-model/README.md).
 */
export type ChangeTopic = "inventory" | "ads" | "daily_stock" | "local_stock" | "metrics" | "tariffs" | "sync_runs" | "planning";

/**
 * Every record kind of the entity table (storage/keys.ts: the `kind` attribute of its items) and
 * the change topic its writes bump: the one link between what is written and which views go stale. `null`:
 * no view reads the kind, so its writes bump nothing. A view that starts reading a kind gives the
 * kind a topic here (a new topic, or one of the above) and lists the kind among its own
 * (services/read-model/<view>.ts); services/read-model/views.test.ts fails until both agree.
 */
export const TOPIC_OF_KIND = {
  ad: "ads",
  inventory: "inventory",
  daily_stock: "daily_stock",
  // The marks of which inventories have daily rows, and which rows no ad indexes yet: written with the rows.
  daily_inventory: "daily_stock",
  daily_unindexed: "daily_stock",
  local_stock: "local_stock",
  metric: "metrics",
  // The overview's warnings count the active tariffs (the aged-stock answer checks the tariffs it
  // was priced with when it is read, services/read-model/aged-stock.ts).
  tariff: "tariffs",
  "tariff-version": "tariffs",
  "create-claim": null,
  settings: null,
  "settings-change": null,
  // The restock plan's stored answer records the settings it was computed with, overrides applied.
  settings_override: null,
  // No view reads the planning parameters; the consolidated restock plan's stored answers check this counter instead of reading them.
  planning: "planning",
  credential: null,
  account_event: null,
  seller: null,
  first_seller: null,
  oauth_state: null,
  lease: null,
  import: null,
  system_log: null,
  subscription: null,
  delivery: null,
  // The storage-cost ledger is read by its own report, never through a view.
  "storage-cost-day": null,
  "ledger-recompute": null,
  // The overview's warnings keep the last successful run's: only storing a run as succeeded bumps
  // (a run is created running, a heartbeat changes neither its state nor its result).
  "sync-run": "sync_runs",
  "sync-shard": null,
  "sync-plan": null,
  "sync-chunk": null,
  // The read model's own records: its state, and the views' items (each build records the counters it read).
  read_model: null,
  ad_header: null,
  list_page: null,
  replenishment_sku: null,
  sku_view_page: null,
  answer_page: null,
  // Bookkeeping no view reads: id counters, a run's call budget, idempotency records, the alerts.
  counter: null,
  call_budget: null,
  idempotency: null,
  alert: null,
  alert_event: null,
  alert_pending: null,
  // The notifications' bookkeeping: the inventory record and daily row written beside a ledger bump their own topics.
  stock_ledger: null,
  missed_notification: null,
} as const satisfies Record<EntityKind, ChangeTopic | null>;

/** A record kind the storage layer writes. */
export type RecordKind = EntityKind;

/** The topics the given kinds bump (kinds no view reads bump none). */
export function topicsOf(kinds: readonly RecordKind[]): ChangeTopic[] {
  return [...new Set(kinds.map((kind) => TOPIC_OF_KIND[kind]).filter((topic): topic is ChangeTopic => topic !== null))];
}

/** Counter values by topic; a topic never written counts 0. */
export type ChangeCounters = Partial<Record<ChangeTopic, number>>;

/** A topic's counter on the state item. */
export const counterAttribute = (topic: ChangeTopic): string => `v_${topic}`;

/**
 * Topics of records the deployment's sellers share (storage/keys.ts, unscoped kinds): each
 * seller's views read them, so a change bumps every seller's counters, not only the writer's scope's.
 */
export const SHARED_TOPICS: ReadonlySet<ChangeTopic> = new Set(["local_stock", "tariffs"]);

async function bumpCounters(ref: TableRef, list: readonly ChangeTopic[]): Promise<void> {
  await ref.doc.send(
    new UpdateCommand({
      TableName: ref.table,
      Key: Entities.read_model.key(),
      UpdateExpression: `ADD ${list.map((_, i) => `#t${i} :one`).join(", ")} SET kind = :kind`,
      ExpressionAttributeNames: Object.fromEntries(list.map((topic, i) => [`#t${i}`, counterAttribute(topic)])),
      ExpressionAttributeValues: { ":one": 1, ":kind": "read_model" },
    }),
  );
}

/**
 * Bumps the topics' counters after a write is stored and before it is acknowledged (writeChanging
 * calls it), so a view built before the write is no longer read. A shared topic is bumped in every
 * seller's scope, and so is every topic with `everySeller` (a deployment-wide change, such as the
 * business time zone, that every seller's views depend on). It never rebuilds anything (services/read-model/refresh.ts does, when the write
 * path asks for it).
 */
export async function markChanged(ref: TableRef, topics: ChangeTopic | readonly ChangeTopic[], { everySeller = false } = {}): Promise<void> {
  const list = [...new Set(typeof topics === "string" ? [topics] : topics)];
  if (list.length === 0) return;
  await bumpCounters(ref, list);
  const shared = everySeller ? list : list.filter((topic) => SHARED_TOPICS.has(topic));
  if (shared.length > 0) await bumpInOtherSellers(ref, shared);
}

async function bumpInOtherSellers(ref: TableRef, topics: readonly ChangeTopic[]): Promise<void> {
  const here = currentScope();
  const others = (await cachedSellers(ref)).map((seller) => seller.scope).filter((scope) => scope !== here);
  await Promise.all(others.map((scope) => withScope(scope, () => bumpCounters(ref, topics))));
}

/** DynamoDB answered a request with a client error (4xx): it refused the request whole, so nothing of it was stored. */
export const refusedWhole = (error: unknown): boolean => error instanceof DynamoDBServiceException && error.$fault === "client";

/**
 * Runs a write of records of the given kinds and bumps their topics (TOPIC_OF_KIND) afterwards,
 * also when the write fails part-way (some items may have landed): a view built before it is then
 * never read again. The write's own error wins over a failed bump; a write that succeeded is
 * acknowledged only once its bump is stored. A `single` write is one request (a put or a
 * transaction): when DynamoDB refused it, nothing landed, and a failed write then changes nothing.
 */
export async function writeChanging<T>(
  ref: TableRef,
  kinds: RecordKind | readonly RecordKind[],
  write: () => Promise<T>,
  { single = false }: { single?: boolean } = {},
): Promise<T> {
  const topics = topicsOf(typeof kinds === "string" ? [kinds] : kinds);
  let result: T;
  try {
    result = await write();
  } catch (error) {
    if (!(single && refusedWhole(error))) await markChanged(ref, topics).catch(() => undefined);
    throw error;
  }
  await markChanged(ref, topics);
  return result;
}

/** The state item as stored: counters plus one entry per built view. */
export type StateItem = Record<string, unknown>;

/** Reads the state item, strongly consistent: a write acknowledged before the read is always seen. */
export async function readState(ref: TableRef): Promise<StateItem> {
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities.read_model.key(), ConsistentRead: true }));
  return result.Item ?? {};
}

/** The state items of several scopes in one strongly consistent BatchGetItem, in the scopes' order. */
export async function readStates(ref: TableRef, scopes: readonly string[]): Promise<StateItem[]> {
  const keys = scopes.map((scope) => withScope(scope, () => Entities.read_model.key()));
  const items = await batchGet<StateItem>(ref, keys, undefined, { consistent: true });
  const byKey = new Map(items.map((item) => [`${String(item.pk)}\u0000${String(item.sk)}`, item]));
  return keys.map((key) => byKey.get(`${key.pk}\u0000${key.sk}`) ?? {});
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
