import { createHash } from "node:crypto";
import { AFTER_ANY_TEXT, defineEntities, type IndexKey, type Key } from "./entity.js";
import { currentScope } from "./scope.js";

/** The single-table key design (storage/README.md): the table's schema and every record kind's keys. */

// The keys the entity table builds (Key, IndexKey) are named after these attributes: renaming one fails the typecheck.
export const TABLE_SCHEMA = {
  partitionKey: "pk",
  sortKey: "sk",
  ttlAttribute: "expires_at_epoch",
  indexes: {
    gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
  },
} as const satisfies { partitionKey: keyof Key; sortKey: keyof Key; ttlAttribute: string; indexes: { gsi1: { partitionKey: keyof IndexKey; sortKey: keyof IndexKey } } };

export const GSI1 = "gsi1";
export type IndexName = keyof typeof TABLE_SCHEMA.indexes;

/** Every attribute the key design adds to a stored record: keys of the table and its indexes, and the TTL. */
export const KEY_ATTRIBUTE_NAMES: readonly string[] = [
  TABLE_SCHEMA.partitionKey,
  TABLE_SCHEMA.sortKey,
  ...Object.values(TABLE_SCHEMA.indexes).flatMap((index) => [index.partitionKey, index.sortKey]),
  TABLE_SCHEMA.ttlAttribute,
];
export const SHARDS = 4;

export type { Key, KeyCondition } from "./entity.js";

/** FNV-1a: a stable, cheap spread of ids over the shards. */
export function shardOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SHARDS;
}

export const shardNumbers = (): number[] => Array.from({ length: SHARDS }, (_, i) => i);

/** The largest trigger_days a request can ask for: SKUs covered this long or more are never suggested. */
export const COVERAGE_BAND_LIMIT_DAYS = 90;
// Coverage in tenths of a day, shifted so negative coverage (bad stock data) still sorts first.
const BAND_OFFSET = 1_000_000_000_000;
const coverageBand = (days: number): string => String(Math.max(0, Math.round(days * 10) + BAND_OFFSET)).padStart(13, "0");

/** The key shapes of this design beyond plain text and numbers. */
const KEY_CODECS = {
  /** A view's name: never ends with the suffix of its stored answer's pages. */
  view: { write: (view: string) => view, pattern: "(?:(?!_answer#)[^#])+", read: (text: string) => text },
  /** A list page of the alerting records, or of the others. */
  alerting: { write: (alerting: boolean) => (alerting ? "A" : "O"), pattern: "[AO]", read: (text: string) => text === "A" },
  /** A settings group (URI-encoded, so a "#" in a loaded name cannot look like a page number), or no group. */
  group: {
    write: (group: string | null) => (group === null ? "NOGROUP" : `GROUP#${encodeURIComponent(group)}`),
    pattern: "NOGROUP|GROUP#[^#]*",
    read: (text: string): string | null => (text === "NOGROUP" ? null : decodeURIComponent(text.slice("GROUP#".length))),
  },
  /** Page 0 of a group carries its version and page count; pages 1… follow its key. */
  page: { write: (page: number) => (page === 0 ? "" : `#${page}`), pattern: "(?:#[1-9]\\d*)?", read: (text: string) => (text === "" ? 0 : Number(text.slice(1))) },
  /**
   * A SKU's coverage band: a SKU can be suggested only when its coverage is below trigger_days, so
   * the bands (C#…) sort by coverage and the SKUs that never can (no coverage, or the largest
   * trigger or more) sort after them (Z).
   */
  coverage: {
    write: (days: number | null) => (days === null || !(days < COVERAGE_BAND_LIMIT_DAYS) ? "Z" : `C#${coverageBand(days)}`),
    pattern: "Z|C#\\d{13,}",
    read: (text: string): number | null => (text === "Z" ? null : (Number(text.slice(2)) - BAND_OFFSET) / 10),
  },
} as const;

const byHash =
  <N extends string>(name: N) =>
  (fields: Record<N, string>): number =>
    shardOf(fields[name]);
const byPage = ({ page }: { page: number }): number => page % SHARDS;

/**
 * A stored answer's pages are read all at once with every request (the restock plan's are 4.4 MB
 * at 100,000 records). One Query answers at most 1 MB: over SHARDS partitions each would be read
 * in two Queries one after the other; over ANSWER_SHARDS each partition's share is one.
 */
export const ANSWER_SHARDS = 8;
const byAnswerPage = ({ page }: { page: number }): number => page % ANSWER_SHARDS;

/** The current scope's partition-key prefix (storage/scope.ts): none for the empty scope; URI-encoded, so it ends at its "#". */
const scopePrefix = (): string => {
  const scope = currentScope();
  return scope === "" ? "" : `SCOPE#${encodeURIComponent(scope)}#`;
};

/**
 * Every record kind (the `kind` attribute of its items) and its keys. `{name}` is a value of the
 * record written as it is, `{name:codec}` one written by a codec (storage/entity.ts, KEY_CODECS).
 * `shard` spreads a collection over SHARDS partitions; `derive` computes it when a key is built.
 * `scoped`: the kind's records belong to one marketplace account, and its partition keys carry the scope.
 */
const ENTITIES = defineEntities(TABLE_SCHEMA, SHARDS, KEY_CODECS, scopePrefix, {
  inventory: { scoped: true, pk: "INVENTORY#{shard:int}", sk: "{inventoryId}", gsi1: { pk: "AD#{adId}", sk: "{inventoryId}" }, derive: { shard: byHash("inventoryId") } },
  daily_stock: { scoped: true, pk: "DAILY#{inventoryId}", sk: "{day:day}", gsi1: { pk: "AD#{adId}", sk: "\u0000{day:day}\u0000{inventoryId}" } },
  /** Marks an inventory with daily rows stored before any record named its ad. */
  daily_unindexed: { scoped: true, pk: "DAILYUNINDEXED#{shard:int}", sk: "{inventoryId}", derive: { shard: byHash("inventoryId") } },
  /** Marks an inventory that has daily rows (the planning views read only those inventories' rows). */
  daily_inventory: { scoped: true, pk: "DAILYINV#{shard:int}", sk: "{inventoryId}", derive: { shard: byHash("inventoryId") } },
  ad: {
    scoped: true,
    pk: "ADS#{shard:int}",
    sk: "{adId}",
    gsi1: { pk: "FULLSKU#{shard:int}", sk: "{sku}#{adId}" },
    derive: { shard: byHash("adId") },
    indexDerive: { shard: byHash("sku") },
  },
  ad_header: { scoped: true, pk: "ADHEAD#{shard:int}", sk: "{adId}", gsi1: { pk: "AD#{adId}", sk: "\u0001" }, derive: { shard: byHash("adId") } },
  local_stock: { scoped: false, pk: "LOCAL#{shard:int}", sk: "{sku}#{warehouse}", derive: { shard: byHash("sku") } },
  metric: { scoped: true, pk: "METRIC#{shard:int}", sk: "{sku}", derive: { shard: byHash("sku") } },
  planning: { scoped: true, pk: "PLANNING#{shard:int}", sk: "{sku}", derive: { shard: byHash("sku") } },
  tariff: { scoped: false, pk: "TARIFF", sk: "{id:pad12}" },
  "tariff-version": { scoped: false, pk: "TARIFF", sk: "{id:pad12}#{version:pad6}" },
  /** Atomic id counters. */
  counter: { scoped: false, pk: "COUNTER", sk: "{name}" },
  settings: { scoped: false, pk: "SETTINGS", sk: "{group:group}{page:page}" },
  "settings-change": { scoped: false, pk: "SETTINGSCHANGE#{group:uri}", sk: "{changeId}" },
  /** A seller's own value of a setting about one account's selling (core Settings.PER_SELLER_KEYS): one item per key. */
  settings_override: { scoped: true, pk: "SETTINGSOVERRIDE", sk: "{group:uri}#{key:uri}" },
  /** A storage-cost day: a day synced twice is the same key. */
  "storage-cost-day": {
    scoped: true,
    pk: "LEDGER#{month:month}#{shard:int}",
    sk: "{sku}#{day:day}",
    derive: { month: ({ day }: { day: string }) => day.slice(0, 7), shard: byHash("sku") },
  },
  "ledger-recompute": { scoped: true, pk: "LEDGERRECOMPUTE", sk: "{id}" },
  system_log: { scoped: false, pk: "LOG", sk: "{id:pad12}", gsi1: { pk: "LOG#{module}", sk: "{instant}#{id:pad12}" } },
  /** A seller's tokens: kept in its scope, so the first seller's stay where a single account's always were. */
  credential: { scoped: true, pk: "CREDENTIAL", sk: "{provider}" },
  /** A connected (or removed) marketplace account and the scope its records live in (storage/sellers.ts). */
  seller: { scoped: false, pk: "SELLER", sk: "ID#{userId}" },
  /** Who owns the empty scope: written once, with the first seller, and never removed. */
  first_seller: { scoped: false, pk: "SELLER", sk: "FIRST" },
  account_event: { scoped: false, pk: "ACCOUNTEVENT", sk: "{id}" },
  lease: { scoped: true, pk: "LEASE", sk: "{name}", expires: "once it lapses" },
  oauth_state: { scoped: false, pk: "OAUTH_STATE", sk: "{state}", expires: "when the state expires" },
  import: { scoped: false, pk: "IMPORT", sk: "{id}", expires: "after IMPORT_RETENTION_DAYS" },
  "sync-run": { scoped: true, pk: "SYNCRUN", sk: "{runId}", gsi1: { pk: "SYNCRUNS#{state}", sk: "{runId}" }, expires: "with its run" },
  "sync-shard": { scoped: true, pk: "SYNCSHARD#{runId}", sk: "{shardNumber:pad6}", expires: "with its run" },
  "sync-plan": { scoped: true, pk: "SYNCSHARD#{runId}", sk: "plan", expires: "with its run" },
  /** A part of a shard stored: what a retry of the shard skips. */
  "sync-chunk": { scoped: true, pk: "SYNCSHARD#{runId}", sk: "chunk#{shardNumber:pad6}#{chunk:pad6}", expires: "with its run" },
  /** Marketplace calls of a run in one minute. */
  call_budget: { scoped: false, pk: "CALLBUDGET", sk: "{windowStartMs:int}", expires: "a day after its minute" },
  /** Written by Powertools' idempotency utility, which builds the sort key from the route key. */
  idempotency: { scoped: false, pk: "IDEMPOTENCY", sk: "{route}#{hash}", expires: "after 24 hours" },
  "create-claim": { scoped: false, pk: "CLAIM", sk: "{resource}#{hash}", expires: "after 24 hours" },
  read_model: { scoped: true, pk: "READMODEL", sk: "STATE" },
  list_page: { scoped: true, pk: "LISTVIEW#{alerting:alerting}#{shard:int}", sk: "{page:pad12}", derive: { shard: byPage } },
  replenishment_sku: { scoped: true, pk: "REPLENISH#{shard:int}", sk: "{coverage:coverage}#{sku}", derive: { shard: byHash("sku") } },
  sku_view_page: { scoped: true, pk: "SKUVIEW#{view:view}#{shard:int}", sk: "{page:pad12}", derive: { shard: byPage } },
  /** A view's stored answer, beside the view's own pages. */
  answer_page: { scoped: true, pk: "SKUVIEW#{view:view}_answer#{shard:int}", sk: "{page:pad12}", shards: ANSWER_SHARDS, derive: { shard: byAnswerPage } },
  alert: { scoped: true, pk: "ALERT", sk: "{alertId}" },
  /** Event ids are <at>#<alert id>: they sort by time. */
  alert_event: { scoped: true, pk: "ALERTEVENT", sk: "{eventId}", expires: "after 400 days" },
  /** A SKU whose stock an operation changed and whose alerts are not derived since (services/alerts/sku.ts). */
  alert_pending: { scoped: true, pk: "ALERTPENDING", sk: "{sku}" },
  subscription: { scoped: true, pk: "ALERTSUB", sk: "{id}" },
  delivery: { scoped: true, pk: "ALERTDELIVERY", sk: "{at}#{id}", expires: "after 90 days" },
  /** An inventory's operations ledger: the stock operations applied since its last sync (storage/operations-ledger.ts). */
  stock_ledger: { scoped: true, pk: "STOCKLEDGER#{inventoryId}", sk: "STATE", expires: "30 days after its last operation" },
  /** A missed notification the hourly drain has queued already: the app's feed lists it for two days, whichever seller it is for. */
  missed_notification: { scoped: false, pk: "MISSEDFEED", sk: "{id}", expires: "after 3 days" },
});

/** Every record kind's keys: builders, parsers and key conditions. */
export const Entities = ENTITIES;
export type EntityKind = keyof typeof ENTITIES;

/** The record kinds whose partitions, of the table or of the index, a partition key value names. */
export const kindsOfPartition = (pk: unknown): EntityKind[] =>
  (Object.keys(ENTITIES) as EntityKind[]).filter((kind) => ENTITIES[kind].pk.read(pk) !== undefined || ENTITIES[kind].gsi1pk?.read(pk) !== undefined);

/** Index sort-key bounds of the log entries between two UTC instants, inclusive. */
export const logInstantBounds = (from: string, to: string): [string, string] => [
  ENTITIES.system_log.gsi1sk!.prefixOf({ instant: from }),
  ENTITIES.system_log.gsi1sk!.prefixOf({ instant: to }) + AFTER_ANY_TEXT,
];

/** Sort-key bounds of every shard of a run: the run's plan shares their partition. */
export const SYNC_SHARD_BOUNDS = [ENTITIES["sync-shard"].sortKey({ shardNumber: 0 }), ENTITIES["sync-shard"].sortKey({ shardNumber: 999_999 })] as const;

/** A create claim's hash of the request key (its sort key follows the resource). */
export const claimHash = (requestKey: string): string => createHash("sha256").update(requestKey).digest("base64url");

/** The read-model state item's flag: every inventory with daily rows carries its DAILYINV mark (set after the one scan of a table). */
export const DAILY_MARKS_FLAG = "daily_marks";

/** A list page's number, from its sort key. */
export const listPageNumber = (sk: unknown): number => ENTITIES.list_page.sk.read(sk)?.page ?? Number.NaN;

/** Every sort key below this one belongs to a SKU whose coverage is below `days`. */
export const replenishmentBelow = (days: number): string => KEY_CODECS.coverage.write(days);

/** The first event id after an instant: event ids are <at>#<alert id>. */
export const alertEventsAfter = (instant: string): string => `${instant}#${AFTER_ANY_TEXT}`;

/** The first index sort key of an ad's detail: daily rows from `day` on, the header and the records. */
export const adDetailFrom = (day: string): string => ENTITIES.daily_stock.gsi1sk!.prefixOf({ day });

/** The first index sort key of an inventory record in an ad's partition: above the daily rows and the header. */
export const AD_RECORDS_FROM = "\u0002";

/** Index sort keys in AD#<ad_id>: a daily row's, and the ad header's. */
// The ad's index partition holds its records, its daily rows and its header, told apart by their
// index sort key: a daily row's starts with its template's first character, U+0000, which no text
// value of a key may start with (entity.ts), and the header's is one fixed character. The detail
// tells its ~60 items apart this way instead of matching each key against its template's expression.
const DAILY_INDEX_FIRST = ENTITIES.daily_stock.gsi1sk!.prefix.charCodeAt(0);
const AD_HEADER_INDEX_KEY = ENTITIES.ad_header.gsi1sk!.prefix;
export const isDailyIndexKey = (gsi1sk: unknown): boolean => typeof gsi1sk === "string" && gsi1sk.charCodeAt(0) === DAILY_INDEX_FIRST;
export const isAdHeaderIndexKey = (gsi1sk: unknown): boolean => gsi1sk === AD_HEADER_INDEX_KEY;

/** DynamoDB's limits on key values in bytes: a longer id names no stored record, and a read with it is refused. */
export const KEY_BYTES = { partition: 2048, sort: 1024 } as const;

export const fitsKey = (key: { pk: string; sk?: string }): boolean =>
  Buffer.byteLength(key.pk) <= KEY_BYTES.partition && (key.sk === undefined || Buffer.byteLength(key.sk) <= KEY_BYTES.sort);

/** The TTL attribute's value for an item the table may remove from `atMs` on: epoch seconds, rounded up. */
export const epochSeconds = (atMs: number): number => Math.ceil(atMs / 1000);

/** The table's TTL attribute for an item the table may remove from `atMs` on. */
export const expiresAt = (atMs: number): Record<string, number> => ({ [TABLE_SCHEMA.ttlAttribute]: epochSeconds(atMs) });

/** Names the TTL attribute `#ttl` in an update expression. */
export const TTL_NAME = { "#ttl": TABLE_SCHEMA.ttlAttribute } as const;

/** Write conditions on the partition key: the item is not stored yet, or it is. */
export const ITEM_ABSENT = `attribute_not_exists(${TABLE_SCHEMA.partitionKey})`;
export const ITEM_PRESENT = `attribute_exists(${TABLE_SCHEMA.partitionKey})`;

/** Expression attribute names of the table's partition key, and of the index's keys (an update that sets or removes them). */
export const PARTITION_KEY_NAME = { "#pk": TABLE_SCHEMA.partitionKey } as const;
export const INDEX_KEY_NAMES = { "#gpk": TABLE_SCHEMA.indexes.gsi1.partitionKey, "#gsk": TABLE_SCHEMA.indexes.gsi1.sortKey } as const;
