import { createHash } from "node:crypto";
import { AFTER_ANY_TEXT, defineEntities, type Key } from "./entity.js";

/**
 * Single-table key design. Every key shape of the service is generated here and
 * nowhere else; the stack's table definition reads TABLE_SCHEMA from this module.
 *
 * Every record kind's keys are declared once, in ENTITIES below: its partition key, its sort key,
 * its index keys and how long it lives. The builders of `Keys`, the parsers (`Entities.<kind>.parse`)
 * and the key conditions (`Entities.<kind>.query`) are derived from those declarations, and
 * storage/keys.test.ts checks every kind's keys round-trip and cannot be mistaken for another's.
 *
 * Shards spread the large collections over several partitions so they can be read by parallel
 * queries. The sparse index holds: the ads with is_full true and a sku (FULLSKU#<shard>, exactly
 * the replenishment candidates); the sync runs while `running` and once they have `succeeded` (the
 * runs a new run must close as abandoned, and the last successful run); and under AD#<ad_id> an
 * ad's daily rows (by day), then its header, then its inventory records: U+0000, U+0001 and U+0002
 * sort before any inventory id. A daily row is indexed only when its inventory's record names an
 * ad as the row is written (see "detail" below).
 *
 * Access patterns:
 * - all inventory records: Query pk = INVENTORY#0..N-1 (parallel)
 * - inventory records of one ad: Query gsi1 where gsi1pk = AD#<ad_id> and gsi1sk >= ␂
 * - daily rows of one inventory in a window: Query pk = DAILY#<id> and sk BETWEEN
 * - ads by id: GetItem / BatchGetItem on (ADS#<shard(id)>, id)
 * - Full ads with a SKU (replenishment candidates; most ads of the inventory list and
 *   overview, whose other ads are read by id): Query gsi1 where gsi1pk = FULLSKU#0..N-1
 * - all local stock rows: Query pk = LOCAL#0..N-1
 * - all metrics (inventory list): Query pk = METRIC#0..N-1; by sku: BatchGetItem
 * - all SKU planning parameters (restock plan): Query pk = PLANNING#0..N-1; one SKU's: UpdateItem
 *   of (PLANNING#<shard(sku)>, sku), which changes only the fields given
 * - daily rows of many inventories for the last 30 days (restock plan and aged stock on their live
 *   path, and the rebuild of their views): one Query per inventory, pk = DAILY#<id> and sk BETWEEN,
 *   a bounded number in flight; the inventories with daily rows at all: Query pk = DAILYINV#0..N-1
 *   (putDailyStock marks each inventory it writes rows of; a table from before the marks is
 *   scanned once for them, and the state item then records `daily_marks`)
 * - tariffs: Query pk = TARIFF (each tariff, then its versions); next id: UpdateItem ADD on COUNTER/tariff;
 *   a change: TransactWriteItems of the tariff (conditioned on its version count) and its new version
 * - settings: Query pk = SETTINGS and begins_with(sk, GROUP#<group>) for one group (its pages),
 *   or Query pk = SETTINGS for all groups. A group's entries are spread over 1, 2, 4 … pages by a
 *   hash of the key; page 0 carries the group's version and page count (storage/settings.ts).
 *   <group> is URI-encoded, so a "#" in a loaded group name cannot look like a page number.
 * - a settings group's changes, newest first: Query pk = SETTINGSCHANGE#<group>, descending, from
 *   below a cursor (change ids sort by time); written in the transaction of the change itself
 * - storage-cost ledger of a month: Query pk = LEDGER#<month>#0..N-1; one SKU's days: Query
 *   pk = LEDGER#<month>#<shard(sku)> and begins_with(sk, <sku>#); a day synced twice is the same key
 * - ledger recomputes, newest first: Query pk = LEDGERRECOMPUTE, descending
 * - history: Query gsi1 where gsi1pk = LOG#<module> (gsi1sk BETWEEN two instants), newest first
 * - credential / lease: GetItem / conditional PutItem
 * - local stock rows of one warehouse (an import replaces them): the local stock query above,
 *   kept to the warehouse's rows
 * - OAuth state of the account connection: PutItem, then one conditional DeleteItem consumes it
 *   (single use); the table's TTL removes the expired ones
 * - imports, newest first: Query pk = IMPORT, descending, with a limit
 * - credential / lease: GetItem / conditional PutItem (the lease's heartbeat: conditional UpdateItem)
 * - sync runs, newest first: Query pk = SYNCRUN, descending (run ids sort by start time)
 * - runs left running (to close as abandoned): Query gsi1 where gsi1pk = SYNCRUNS#running
 * - last successful run: Query gsi1 where gsi1pk = SYNCRUNS#succeeded, descending, limit 1
 * - a run's shards: GetItem of one (the shard step), Query pk = SYNCSHARD#<run id> and sk between
 *   the shard numbers (finalize);
 *   a shard's end: TransactWriteItems of the shard (conditioned on its state) and the run's counters
 * - marketplace calls of a run in one minute: UpdateItem ADD, conditioned on the budget
 * - what a run's plan found (discovery counts): PutItem by the plan step, GetItem by finalize and
 *   by POST /full/sync following a run from its record
 * - idempotency record (POST /full/tariffs, POST /full/sync with an Idempotency-Key): written and
 *   read by Powertools' idempotency utility (GetItem / conditional PutItem / UpdateItem / DeleteItem);
 *   the route key prefixes the hash so records survive deploys (the default prefix is the function
 *   name). Expire with the table TTL after 24 hours.
 * - create claim: written in the same transaction as the tariff it created (conditional PutItem),
 *   read by GetItem when a retried create finds its key taken. Expires with the table TTL.
 *
 * - open alerts: Query pk = ALERT (every one; filters by kind and SKU are applied after the read,
 *   the set is one row per alerting SKU and kind); the derivation writes and deletes them in batches
 * - alert events, newest first: Query pk = ALERTEVENT descending (kind and SKU as a filter); since
 *   an instant (a digest): sk > <instant>. Expire after 400 days.
 * - subscriptions: Query pk = ALERTSUB; one: GetItem / conditional UpdateItem / DeleteItem
 * - deliveries, newest first: Query pk = ALERTDELIVERY descending, with a limit. Expire after 90 days.
 *
 * Read model: the dashboards (overview, inventory list, replenishment) read answers built when
 * the data changes, not the collections they are computed from.
 * - Change counters. The state item READMODEL/STATE holds one counter per input topic
 *   (v_inventory, v_ads, v_metrics, v_local_stock, v_daily_stock). Every storage function that
 *   writes one of these kinds bumps its topic (`writeChanging` with the kinds it writes, whose
 *   topics the one table TOPIC_OF_KIND gives, storage/changes.ts) after its
 *   writes, also when they fail part-way, and before its caller answers: the loader, the sync
 *   (discovery's ad upserts, unlisted ads unflagged, ledger sales, stock, daily rows, metrics),
 *   and the imports (local stock of a warehouse, costs, sales). Tariffs, settings, planning
 *   parameters and the account connection feed no view (the sync turns tariffs into metrics),
 *   so their writes bump nothing.
 * - Views. Each view records, on the state item, the counters of the topics it was built
 *   from (view_<name>.deps). A reader compares them with the current counters read in the
 *   same GetItem (strongly consistent): equal means the view holds exactly what the live
 *   computation would return; different means a write came after the build, and the reader
 *   computes the answer from the collections (the live path). `refreshReadModel`
 *   (services/read-model.ts) rebuilds stale views at the end of a write path (the sync, the
 *   loader, `npm start`, each import), under the lease LEASE/read-model, and publishes each view
 *   only if its topics did not move meanwhile.
 * - overview: the SPEC body itself, on the state item: GetItem READMODEL/STATE.
 * - inventory list: every list item pre-joined (ad fields, unit costs, flags) and serialised,
 *   packed in pages of up to 256 KiB in the records' live order; alerting records (is_aged or
 *   is_low_coverage) in LISTVIEW#A#<shard>, the others in LISTVIEW#O#<shard>, page n in shard n mod N.
 *   Query pk = LISTVIEW#A#0..N-1 (alerts=1), plus LISTVIEW#O#0..N-1 for the whole list. The
 *   state keeps the count and the serialised size of each part, so a plain request whose
 *   answer would pass the Lambda payload limit is refused before any page is read.
 * - replenishment: one record per candidate SKU (its first ad and title, sales, Full,
 *   local stock and warehouses), sorted by coverage band: a SKU can be suggested only when its
 *   coverage is below trigger_days, so Query pk = REPLENISH#0..N-1 and sk < C#<band(trigger)>
 *   reads just the SKUs below the trigger. SKUs that can never be suggested (no sales, or
 *   coverage of 90 days, the largest trigger, or more) sort under Z#.
 * - restock plan and aged stock: per SKU, the inputs the calculators need (its ads, Full stock,
 *   local stock, FIFO lots; the restock plan: selling SKUs only) and its stockout days (days whose
 *   daily rows sum to 0 available units, from a day on that the view's entry records as `from`),
 *   serialised, packed in deflated pages: Query pk = SKUVIEW#<view>#0..N-1. A request whose
 *   velocity window starts before `from` takes the live path. The request computes the answer
 *   (ages, today's window, tariffs, planning parameters and stock policy) from the pages.
 * - detail: one Query of gsi1 where gsi1pk = AD#<ad_id> and gsi1sk >= ␀<first day of the
 *   window> returns the window's daily rows, the ad header (title, thumbnail; written with the
 *   ad, or "no such ad") and the inventory records. A daily row is indexed under the ad its
 *   inventory record names when the row is written; each record carries `daily_ad`, the ad its
 *   rows are indexed under, and putInventory re-indexes the recent rows of a record whose ad
 *   changed, or that was stored before the index existed, or that is new while rows of its
 *   inventory were stored unindexed (marked DAILYUNINDEXED by putDailyStock: BatchGetItem with
 *   the records, no query per new record). A record whose daily_ad differs from its ad, or a
 *   missing header, sends that read down the chained path (rows by inventory).
 */

export const TABLE_SCHEMA = {
  partitionKey: "pk",
  sortKey: "sk",
  ttlAttribute: "expires_at_epoch",
  indexes: {
    gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
  },
} as const;

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

/**
 * Every record kind (the `kind` attribute of its items) and its keys. `{name}` is a value of the
 * record written as it is, `{name:codec}` one written by a codec (storage/entity.ts, KEY_CODECS).
 * `shard` spreads a collection over SHARDS partitions; `derive` computes it when a key is built.
 */
const ENTITIES = defineEntities(TABLE_SCHEMA, SHARDS, KEY_CODECS, {
  inventory: { pk: "INVENTORY#{shard:int}", sk: "{inventoryId}", gsi1: { pk: "AD#{adId}", sk: "{inventoryId}" }, derive: { shard: byHash("inventoryId") } },
  daily_stock: { pk: "DAILY#{inventoryId}", sk: "{day:day}", gsi1: { pk: "AD#{adId}", sk: "\u0000{day:day}\u0000{inventoryId}" } },
  /** Marks an inventory with daily rows stored before any record named its ad. */
  daily_unindexed: { pk: "DAILYUNINDEXED#{shard:int}", sk: "{inventoryId}", derive: { shard: byHash("inventoryId") } },
  /** Marks an inventory that has daily rows (the planning views read only those inventories' rows). */
  daily_inventory: { pk: "DAILYINV#{shard:int}", sk: "{inventoryId}", derive: { shard: byHash("inventoryId") } },
  ad: {
    pk: "ADS#{shard:int}",
    sk: "{adId}",
    gsi1: { pk: "FULLSKU#{shard:int}", sk: "{sku}#{adId}" },
    derive: { shard: byHash("adId") },
    indexDerive: { shard: byHash("sku") },
  },
  ad_header: { pk: "ADHEAD#{shard:int}", sk: "{adId}", gsi1: { pk: "AD#{adId}", sk: "\u0001" }, derive: { shard: byHash("adId") } },
  local_stock: { pk: "LOCAL#{shard:int}", sk: "{sku}#{warehouse}", derive: { shard: byHash("sku") } },
  metric: { pk: "METRIC#{shard:int}", sk: "{sku}", derive: { shard: byHash("sku") } },
  planning: { pk: "PLANNING#{shard:int}", sk: "{sku}", derive: { shard: byHash("sku") } },
  tariff: { pk: "TARIFF", sk: "{id:pad12}" },
  "tariff-version": { pk: "TARIFF", sk: "{id:pad12}#{version:pad6}" },
  /** Atomic id counters. */
  counter: { pk: "COUNTER", sk: "{name}" },
  settings: { pk: "SETTINGS", sk: "{group:group}{page:page}" },
  "settings-change": { pk: "SETTINGSCHANGE#{group:uri}", sk: "{changeId}" },
  /** A storage-cost day: a day synced twice is the same key. */
  "storage-cost-day": {
    pk: "LEDGER#{month:month}#{shard:int}",
    sk: "{sku}#{day:day}",
    derive: { month: ({ day }: { day: string }) => day.slice(0, 7), shard: byHash("sku") },
  },
  "ledger-recompute": { pk: "LEDGERRECOMPUTE", sk: "{id}" },
  system_log: { pk: "LOG", sk: "{id:pad12}", gsi1: { pk: "LOG#{module}", sk: "{instant}#{id:pad12}" } },
  credential: { pk: "CREDENTIAL", sk: "{provider}" },
  account_event: { pk: "ACCOUNTEVENT", sk: "{id}" },
  lease: { pk: "LEASE", sk: "{name}", expires: "once it lapses" },
  oauth_state: { pk: "OAUTH_STATE", sk: "{state}", expires: "when the state expires" },
  import: { pk: "IMPORT", sk: "{id}", expires: "after IMPORT_RETENTION_DAYS" },
  "sync-run": { pk: "SYNCRUN", sk: "{runId}", gsi1: { pk: "SYNCRUNS#{state}", sk: "{runId}" }, expires: "with its run" },
  "sync-shard": { pk: "SYNCSHARD#{runId}", sk: "{shardNumber:pad6}", expires: "with its run" },
  "sync-plan": { pk: "SYNCSHARD#{runId}", sk: "plan", expires: "with its run" },
  /** Marketplace calls of a run in one minute. */
  call_budget: { pk: "CALLBUDGET#{runId}", sk: "{windowStartMs:int}", expires: "a day after its minute" },
  /** Written by Powertools' idempotency utility, which builds the sort key from the route key. */
  idempotency: { pk: "IDEMPOTENCY", sk: "{route}#{hash}", expires: "after 24 hours" },
  "create-claim": { pk: "CLAIM", sk: "{resource}#{hash}", expires: "after 24 hours" },
  read_model: { pk: "READMODEL", sk: "STATE" },
  list_page: { pk: "LISTVIEW#{alerting:alerting}#{shard:int}", sk: "{page:pad12}", derive: { shard: byPage } },
  replenishment_sku: { pk: "REPLENISH#{shard:int}", sk: "{coverage:coverage}#{sku}", derive: { shard: byHash("sku") } },
  sku_view_page: { pk: "SKUVIEW#{view:view}#{shard:int}", sk: "{page:pad12}", derive: { shard: byPage } },
  /** A view's stored answer, beside the view's own pages. */
  answer_page: { pk: "SKUVIEW#{view:view}_answer#{shard:int}", sk: "{page:pad12}", shards: ANSWER_SHARDS, derive: { shard: byAnswerPage } },
  alert: { pk: "ALERT", sk: "{alertId}" },
  /** Event ids are <at>#<alert id>: they sort by time. */
  alert_event: { pk: "ALERTEVENT", sk: "{eventId}", expires: "after 400 days" },
  subscription: { pk: "ALERTSUB", sk: "{id}" },
  delivery: { pk: "ALERTDELIVERY", sk: "{at}#{id}", expires: "after 90 days" },
});

/** Every record kind's keys: builders, parsers and key conditions. */
export const Entities = ENTITIES;
export type EntityKind = keyof typeof ENTITIES;

/** The record kinds whose partitions, of the table or of the index, a partition key value names. */
export const kindsOfPartition = (pk: unknown): EntityKind[] =>
  (Object.keys(ENTITIES) as EntityKind[]).filter((kind) => ENTITIES[kind].pk.read(pk) !== undefined || ENTITIES[kind].gsi1pk?.read(pk) !== undefined);

/** The first index sort key of an inventory record in an ad's partition: above the daily rows and the header. */
const AD_RECORDS_FROM = "\u0002";

/** The keys of the service, by what they hold. */
export const Keys = {
  inventory: (inventoryId: string): Key => ENTITIES.inventory.key({ inventoryId }),
  inventoryByAd: (adId: string): string => ENTITIES.inventory.indexPartition({ adId }),
  inventoryAdIndex: (adId: string, inventoryId: string): { gsi1pk: string; gsi1sk: string } => ENTITIES.inventory.indexKey({ adId, inventoryId }),

  daily: (inventoryId: string, day: string): Key => ENTITIES.daily_stock.key({ inventoryId, day }),
  dailyPartition: (inventoryId: string): string => ENTITIES.daily_stock.partition({ inventoryId }),
  /** Marks an inventory with daily rows stored before any record named its ad. */
  dailyUnindexed: (inventoryId: string): Key => ENTITIES.daily_unindexed.key({ inventoryId }),
  isDailyUnindexed: (pk: unknown): boolean => ENTITIES.daily_unindexed.pk.read(pk) !== undefined,
  /** Marks an inventory that has daily rows (the planning views read only those inventories' rows). */
  dailyInventory: (inventoryId: string): Key => ENTITIES.daily_inventory.key({ inventoryId }),
  /** Every daily row's partition key starts with this. */
  dailyPartitionPrefix: ENTITIES.daily_stock.pk.prefix,

  ad: (adId: string): Key => ENTITIES.ad.key({ adId }),
  fullSkuIndex: (adId: string, sku: string): { gsi1pk: string; gsi1sk: string } => ENTITIES.ad.indexKey({ adId, sku }),

  localStock: (sku: string, warehouse: string): Key => ENTITIES.local_stock.key({ sku, warehouse }),

  metric: (sku: string): Key => ENTITIES.metric.key({ sku }),

  planning: (sku: string): Key => ENTITIES.planning.key({ sku }),

  tariff: (id: number): Key => ENTITIES.tariff.key({ id }),
  tariffVersion: (id: number, version: number): Key => ENTITIES["tariff-version"].key({ id, version }),
  counter: (name: string): Key => ENTITIES.counter.key({ name }),

  settingsGroup: (group: string | null): Key => ENTITIES.settings.key({ group, page: 0 }),
  settingsPage: (group: string | null, page: number): Key => ENTITIES.settings.key({ group, page }),
  /** Every page of the group has a sort key that is this, or this followed by "#<page>". */
  settingsGroupSk: (group: string | null): string => ENTITIES.settings.sortKey({ group, page: 0 }),
  /** The group of a settings page's sort key, or undefined when it is no page's. */
  settingsPageOf: (sk: unknown): { group: string | null; page: number } | undefined => ENTITIES.settings.sk.read(sk),
  ledgerDay: (sku: string, day: string): Key => ENTITIES["storage-cost-day"].key({ sku, day }),
  ledgerSkuPrefix: (sku: string): string => ENTITIES["storage-cost-day"].sortPrefix({ sku }),
  ledgerRecompute: (id: string): Key => ENTITIES["ledger-recompute"].key({ id }),
  settingsChange: (group: string, changeId: string): Key => ENTITIES["settings-change"].key({ group, changeId }),

  log: (id: number): Key => ENTITIES.system_log.key({ id }),
  logByModule: (module: string, instant: string, id: number): { gsi1pk: string; gsi1sk: string } => ENTITIES.system_log.indexKey({ module, instant, id }),
  /** Index sort-key bounds of the entries between two UTC instants, inclusive. */
  logInstantBounds: (from: string, to: string): [string, string] => [
    ENTITIES.system_log.gsi1sk!.prefixOf({ instant: from }),
    ENTITIES.system_log.gsi1sk!.prefixOf({ instant: to }) + AFTER_ANY_TEXT,
  ],

  credential: (provider: string): Key => ENTITIES.credential.key({ provider }),
  accountEvent: (id: string): Key => ENTITIES.account_event.key({ id }),
  lease: (name: string): Key => ENTITIES.lease.key({ name }),

  oauthState: (state: string): Key => ENTITIES.oauth_state.key({ state }),
  importRecord: (id: string): Key => ENTITIES.import.key({ id }),
  syncRun: (runId: string): Key => ENTITIES["sync-run"].key({ runId }),
  syncRunsByState: (state: "running" | "succeeded", runId: string): { gsi1pk: string; gsi1sk: string } => ENTITIES["sync-run"].indexKey({ state, runId }),
  syncShard: (runId: string, shard: number): Key => ENTITIES["sync-shard"].key({ runId, shardNumber: shard }),
  /** Sort-key bounds of every shard of a run: the run's plan shares their partition. */
  syncShardBounds: [ENTITIES["sync-shard"].sortKey({ shardNumber: 0 }), ENTITIES["sync-shard"].sortKey({ shardNumber: 999_999 })] as const,
  callBudget: (runId: string, windowStartMs: number): Key => ENTITIES.call_budget.key({ runId, windowStartMs }),
  syncPlan: (runId: string): Key => ENTITIES["sync-plan"].key({ runId }),

  /** Powertools writes its records under this partition; it builds the sort key from the prefix. */
  idempotencyPartition: ENTITIES.idempotency.partition(),
  idempotencyPrefix: (routeKey: string): string => routeKey,
  createClaim: (resource: "tariff", requestKey: string): Key =>
    ENTITIES["create-claim"].key({ resource, hash: createHash("sha256").update(requestKey).digest("base64url") }),

  readModelState: ENTITIES.read_model.key() as Key,
  /** The state item's flag: every inventory with daily rows carries its DAILYINV mark (set after the one scan of a table). */
  dailyMarksFlag: "daily_marks",

  listPage: (alerting: boolean, page: number): Key => ENTITIES.list_page.key({ alerting, page }),
  listPageNumber: (sk: string): number => ENTITIES.list_page.sk.read(sk)?.page ?? Number.NaN,

  replenishmentSku: (sku: string, coverageDays: number | null): Key => ENTITIES.replenishment_sku.key({ sku, coverage: coverageDays }),

  skuViewPage: (view: string, page: number): Key => ENTITIES.sku_view_page.key({ view, page }),
  answerPage: (view: string, page: number): Key => ENTITIES.answer_page.key({ view, page }),
  /** Every sort key below this one belongs to a SKU whose coverage is below `days`. */
  replenishmentBelow: (days: number): string => KEY_CODECS.coverage.write(days),

  alert: (alertId: string): Key => ENTITIES.alert.key({ alertId }),
  alertEvent: (eventId: string): Key => ENTITIES.alert_event.key({ eventId }),
  /** The first event id after an instant: event ids are <at>#<alert id>. */
  alertEventsAfter: (instant: string): string => `${instant}#${AFTER_ANY_TEXT}`,
  subscription: (id: string): Key => ENTITIES.subscription.key({ id }),
  delivery: (at: string, id: string): Key => ENTITIES.delivery.key({ at, id }),

  /** The ad's partition of the index: daily rows, then the header, then inventory records. */
  adHeader: (adId: string): Key & { gsi1pk: string; gsi1sk: string } => ({ ...ENTITIES.ad_header.key({ adId }), ...ENTITIES.ad_header.indexKey({ adId }) }),
  dailyByAd: (adId: string, day: string, inventoryId: string): { gsi1pk: string; gsi1sk: string } => ENTITIES.daily_stock.indexKey({ adId, day, inventoryId }),
  /** The first index sort key of an ad's detail: daily rows from `day` on, the header and the records. */
  adDetailFrom: (day: string): string => ENTITIES.daily_stock.gsi1sk!.prefixOf({ day }),
  /** The first index sort key of an inventory record in an ad's partition. */
  adRecordsFrom: AD_RECORDS_FROM,
} as const;

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
