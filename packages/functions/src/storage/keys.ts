import { createHash } from "node:crypto";

/**
 * Single-table key design. Every key shape of the service is generated here and
 * nowhere else; the stack's table definition reads TABLE_SCHEMA from this module.
 *
 * | record kind      | pk                     | sk                         | gsi1pk              | gsi1sk            |
 * |------------------|------------------------|----------------------------|---------------------|-------------------|
 * | inventory        | INVENTORY#<shard>      | <inventory_id>             | AD#<ad_id> (if any) | <inventory_id>    |
 * | daily stock row  | DAILY#<inventory_id>   | <day YYYY-MM-DD>           | AD#<ad_id> (***)    | ␀<day>␀<inv. id>  |
 * | unindexed rows   | DAILYUNINDEXED#<shard> | <inventory_id>             |                     |                   |
 * | rows marker      | DAILYINV#<shard>       | <inventory_id>             |                     |                   |
 * | ad               | ADS#<shard>            | <ad_id>                    | FULLSKU#<shard>*    | <sku>#<ad_id>     |
 * | ad header        | ADHEAD#<shard>         | <ad_id>                    | AD#<ad_id>          | ␁                 |
 * | local stock row  | LOCAL#<shard>          | <sku>#<warehouse>          |                     |                   |
 * | SKU metric       | METRIC#<shard>         | <sku>                      |                     |                   |
 * | SKU planning     | PLANNING#<shard>       | <sku>                      |                     |                   |
 * | tariff           | TARIFF                 | <id, 12 digits>            |                     |                   |
 * | tariff version   | TARIFF                 | <id, 12 digits>#<version, 6 digits> |            |                   |
 * | id counter       | COUNTER                | <name>                     |                     |                   |
 * | settings page 0  | SETTINGS               | GROUP#<group> / NOGROUP    |                     |                   |
 * | settings page i  | SETTINGS               | <page 0 sk>#<i>, i ≥ 1     |                     |                   |
 * | settings change  | SETTINGSCHANGE#<group> | <change id>                |                     |                   |
 * | storage-cost day | LEDGER#<YYYY-MM>#<shard>| <sku>#<day>               |                     |                   |
 * | ledger recompute | LEDGERRECOMPUTE        | <ISO instant>#<random>     |                     |                   |
 * | system log       | LOG                    | <id, 12 digits>            | LOG#<module>        | <utc instant>#<id>|
 * | credential       | CREDENTIAL             | <provider>                 |                     |                   |
 * | account event    | ACCOUNTEVENT           | <ISO instant>#<random>     |                     |                   |
 * | sync lease       | LEASE                  | <name>                     |                     |                   |
 * | OAuth state      | OAUTH_STATE            | <state>                    |                     |                   |
 * | import record    | IMPORT                 | <ISO instant>#<random>     |                     |                   |
 * | sync run         | SYNCRUN                | <run id>                   | SYNCRUNS#<state>**  | <run id>          |
 * | sync run shard   | SYNCSHARD#<run id>     | <shard number, 6 digits>   |                     |                   |
 * | call budget      | CALLBUDGET#<run id>    | <minute, epoch ms>         |                     |                   |
 * | sync run plan    | SYNCSHARD#<run id>     | plan                       |                     |                   |
 * | idempotency rec. | IDEMPOTENCY            | <route key>#<md5 of key>   |                     |                   |
 * | create claim     | CLAIM                  | tariff#<sha256 of key>     |                     |                   |
 * | read-model state | READMODEL              | STATE                      |                     |                   |
 * | list page        | LISTVIEW#<A|O>#<shard> | <page, 12 digits>          |                     |                   |
 * | replenishment SKU| REPLENISH#<shard>      | C#<band>#<sku> / Z#<sku>   |                     |                   |
 * | open alert       | ALERT                  | <kind>[:<sku>]             |                     |                   |
 * | alert event      | ALERTEVENT             | <ISO instant>#<alert id>   |                     |                   |
 * | subscription     | ALERTSUB               | <subscription id>          |                     |                   |
 * | delivery         | ALERTDELIVERY          | <ISO instant>#<delivery id>|                     |                   |
 * | SKU view page    | SKUVIEW#<view>#<shard> | <page, 12 digits>          |                     |                   |
 *
 * (*) only ads with is_full true and a sku: the sparse index holds exactly the
 * replenishment candidates. Shards spread the large collections over several
 * partitions so they can be read by parallel queries.
 * (**) only while the run is `running`, and once it has `succeeded`: the sparse index holds
 * the runs a new run must close as abandoned, and the last successful run.
 * (***) only rows of an inventory whose record names an ad when the row is written; see
 * "detail" below. ␀, ␁ and ␂ are the characters U+0000, U+0001 and U+0002: they sort before any
 * inventory id, so the index partition AD#<ad_id> holds an ad's daily rows (by day), then its
 * header, then its inventory records.
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

export interface Key {
  pk: string;
  sk: string;
}

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

const pad = (n: number): string => String(n).padStart(12, "0");

const settingsGroupSk = (group: string | null): string => (group === null ? "NOGROUP" : `GROUP#${encodeURIComponent(group)}`);

export const Keys = {
  inventory: (inventoryId: string): Key => ({ pk: `INVENTORY#${shardOf(inventoryId)}`, sk: inventoryId }),
  inventoryShard: (shard: number): string => `INVENTORY#${shard}`,
  inventoryByAd: (adId: string): string => `AD#${adId}`,
  inventoryAdIndex: (adId: string, inventoryId: string): { gsi1pk: string; gsi1sk: string } => ({
    gsi1pk: `AD#${adId}`,
    gsi1sk: inventoryId,
  }),

  daily: (inventoryId: string, day: string): Key => ({ pk: `DAILY#${inventoryId}`, sk: day }),
  dailyPartition: (inventoryId: string): string => `DAILY#${inventoryId}`,
  /** Marks an inventory with daily rows stored before any record named its ad. */
  dailyUnindexed: (inventoryId: string): Key => ({ pk: `DAILYUNINDEXED#${shardOf(inventoryId)}`, sk: inventoryId }),
  isDailyUnindexed: (pk: unknown): boolean => typeof pk === "string" && pk.startsWith("DAILYUNINDEXED#"),
  /** Marks an inventory that has daily rows (the planning views read only those inventories' rows). */
  dailyInventory: (inventoryId: string): Key => ({ pk: `DAILYINV#${shardOf(inventoryId)}`, sk: inventoryId }),
  dailyInventoryShard: (shard: number): string => `DAILYINV#${shard}`,
  dailyPartitionPrefix: "DAILY#",

  ad: (adId: string): Key => ({ pk: `ADS#${shardOf(adId)}`, sk: adId }),
  adShard: (shard: number): string => `ADS#${shard}`,
  fullSkuShard: (shard: number): string => `FULLSKU#${shard}`,
  fullSkuIndex: (adId: string, sku: string): { gsi1pk: string; gsi1sk: string } => ({
    gsi1pk: `FULLSKU#${shardOf(sku)}`,
    gsi1sk: `${sku}#${adId}`,
  }),

  localStock: (sku: string, warehouse: string): Key => ({ pk: `LOCAL#${shardOf(sku)}`, sk: `${sku}#${warehouse}` }),
  localStockShard: (shard: number): string => `LOCAL#${shard}`,

  metric: (sku: string): Key => ({ pk: `METRIC#${shardOf(sku)}`, sk: sku }),
  metricShard: (shard: number): string => `METRIC#${shard}`,

  planning: (sku: string): Key => ({ pk: `PLANNING#${shardOf(sku)}`, sk: sku }),
  planningShard: (shard: number): string => `PLANNING#${shard}`,

  tariff: (id: number): Key => ({ pk: "TARIFF", sk: pad(id) }),
  tariffVersion: (id: number, version: number): Key => ({ pk: "TARIFF", sk: `${pad(id)}#${String(version).padStart(6, "0")}` }),
  tariffPartition: "TARIFF",
  counter: (name: string): Key => ({ pk: "COUNTER", sk: name }),

  settingsGroup: (group: string | null): Key => ({ pk: "SETTINGS", sk: settingsGroupSk(group) }),
  settingsPage: (group: string | null, page: number): Key => ({
    pk: "SETTINGS",
    sk: page === 0 ? settingsGroupSk(group) : `${settingsGroupSk(group)}#${page}`,
  }),
  /** Every page of the group has a sort key that is this, or this followed by "#". */
  settingsGroupSk: (group: string | null): string => settingsGroupSk(group),
  settingsPartition: "SETTINGS",
  ledgerDay: (sku: string, day: string): Key => ({ pk: `LEDGER#${day.slice(0, 7)}#${shardOf(sku)}`, sk: `${sku}#${day}` }),
  ledgerShard: (month: string, shard: number): string => `LEDGER#${month}#${shard}`,
  ledgerSkuPartition: (month: string, sku: string): string => `LEDGER#${month}#${shardOf(sku)}`,
  ledgerSkuPrefix: (sku: string): string => `${sku}#`,
  ledgerRecompute: (id: string): Key => ({ pk: "LEDGERRECOMPUTE", sk: id }),
  ledgerRecomputePartition: "LEDGERRECOMPUTE",
  settingsChange: (group: string, changeId: string): Key => ({ pk: `SETTINGSCHANGE#${encodeURIComponent(group)}`, sk: changeId }),
  settingsChangePartition: (group: string): string => `SETTINGSCHANGE#${encodeURIComponent(group)}`,

  log: (id: number): Key => ({ pk: "LOG", sk: pad(id) }),
  logByModule: (module: string, instant: string, id: number): { gsi1pk: string; gsi1sk: string } => ({
    gsi1pk: `LOG#${module}`,
    gsi1sk: `${instant}#${pad(id)}`,
  }),
  logModulePartition: (module: string): string => `LOG#${module}`,
  /** Index sort-key bounds of the entries between two UTC instants, inclusive: "#" sorts below digits, "~" above them. */
  logInstantBounds: (from: string, to: string): [string, string] => [`${from}#`, `${to}#~`],

  credential: (provider: string): Key => ({ pk: "CREDENTIAL", sk: provider }),
  accountEvent: (id: string): Key => ({ pk: "ACCOUNTEVENT", sk: id }),
  lease: (name: string): Key => ({ pk: "LEASE", sk: name }),

  oauthState: (state: string): Key => ({ pk: "OAUTH_STATE", sk: state }),
  importRecord: (id: string): Key => ({ pk: "IMPORT", sk: id }),
  importPartition: "IMPORT",
  syncRun: (runId: string): Key => ({ pk: "SYNCRUN", sk: runId }),
  syncRunPartition: "SYNCRUN",
  syncRunsByState: (state: "running" | "succeeded", runId: string): { gsi1pk: string; gsi1sk: string } => ({
    gsi1pk: `SYNCRUNS#${state}`,
    gsi1sk: runId,
  }),
  syncRunsStatePartition: (state: "running" | "succeeded"): string => `SYNCRUNS#${state}`,
  syncShard: (runId: string, shard: number): Key => ({ pk: `SYNCSHARD#${runId}`, sk: String(shard).padStart(6, "0") }),
  syncShardPartition: (runId: string): string => `SYNCSHARD#${runId}`,
  callBudget: (runId: string, windowStartMs: number): Key => ({ pk: `CALLBUDGET#${runId}`, sk: String(windowStartMs) }),
  syncPlan: (runId: string): Key => ({ pk: `SYNCSHARD#${runId}`, sk: "plan" }),

  /** Powertools writes its records under this partition; it builds the sort key from the prefix. */
  idempotencyPartition: "IDEMPOTENCY",
  idempotencyPrefix: (routeKey: string): string => routeKey,
  createClaim: (resource: "tariff", requestKey: string): Key => ({
    pk: "CLAIM",
    sk: `${resource}#${createHash("sha256").update(requestKey).digest("base64url")}`,
  }),

  readModelState: { pk: "READMODEL", sk: "STATE" } as Key,
  /** The state item's flag: every inventory with daily rows carries its DAILYINV mark (set after the one scan of a table). */
  dailyMarksFlag: "daily_marks",

  listPage: (alerting: boolean, page: number): Key => ({ pk: `LISTVIEW#${alerting ? "A" : "O"}#${page % SHARDS}`, sk: pad(page) }),
  listPageShard: (alerting: boolean, shard: number): string => `LISTVIEW#${alerting ? "A" : "O"}#${shard}`,
  listPageNumber: (sk: string): number => Number(sk),

  replenishmentSku: (sku: string, coverageDays: number | null): Key => ({
    pk: `REPLENISH#${shardOf(sku)}`,
    sk: coverageDays === null || !(coverageDays < COVERAGE_BAND_LIMIT_DAYS) ? `Z#${sku}` : `C#${coverageBand(coverageDays)}#${sku}`,
  }),
  replenishmentShard: (shard: number): string => `REPLENISH#${shard}`,

  skuViewPage: (view: string, page: number): Key => ({ pk: `SKUVIEW#${view}#${page % SHARDS}`, sk: pad(page) }),
  skuViewShard: (view: string, shard: number): string => `SKUVIEW#${view}#${shard}`,
  /** Every sort key below this one belongs to a SKU whose coverage is below `days`. */
  replenishmentBelow: (days: number): string => `C#${coverageBand(days)}`,

  alert: (alertId: string): Key => ({ pk: "ALERT", sk: alertId }),
  alertPartition: "ALERT",
  alertEvent: (eventId: string): Key => ({ pk: "ALERTEVENT", sk: eventId }),
  alertEventPartition: "ALERTEVENT",
  subscription: (id: string): Key => ({ pk: "ALERTSUB", sk: id }),
  subscriptionPartition: "ALERTSUB",
  delivery: (at: string, id: string): Key => ({ pk: "ALERTDELIVERY", sk: `${at}#${id}` }),
  deliveryPartition: "ALERTDELIVERY",

  /** The ad's partition of the index: daily rows, then the header, then inventory records. */
  adHeader: (adId: string): Key & { gsi1pk: string; gsi1sk: string } => ({
    pk: `ADHEAD#${shardOf(adId)}`,
    sk: adId,
    gsi1pk: `AD#${adId}`,
    gsi1sk: AD_HEADER_SORT_KEY,
  }),
  adHeaderShard: (shard: number): string => `ADHEAD#${shard}`,
  dailyByAd: (adId: string, day: string, inventoryId: string): { gsi1pk: string; gsi1sk: string } => ({
    gsi1pk: `AD#${adId}`,
    gsi1sk: `${DAILY_SORT_PREFIX}${day}${DAILY_SORT_PREFIX}${inventoryId}`,
  }),
  /** The first index sort key of an ad's detail: daily rows from `day` on, the header and the records. */
  adDetailFrom: (day: string): string => `${DAILY_SORT_PREFIX}${day}`,
  /** The first index sort key of an inventory record in an ad's partition. */
  adRecordsFrom: "\u0002",
} as const;

/** Index sort keys in AD#<ad_id>: daily rows start with U+0000, the header is U+0001, records follow. */
export const DAILY_SORT_PREFIX = "\u0000";
export const AD_HEADER_SORT_KEY = "\u0001";
export const isDailyIndexKey = (gsi1sk: unknown): boolean => typeof gsi1sk === "string" && gsi1sk.startsWith(DAILY_SORT_PREFIX);
export const isAdHeaderIndexKey = (gsi1sk: unknown): boolean => gsi1sk === AD_HEADER_SORT_KEY;

/** The largest trigger_days a request can ask for: SKUs covered this long or more are never suggested. */
export const COVERAGE_BAND_LIMIT_DAYS = 90;
// Coverage in tenths of a day, shifted so negative coverage (bad stock data) still sorts first.
const BAND_OFFSET = 1_000_000_000_000;
function coverageBand(days: number): string {
  return String(Math.max(0, Math.round(days * 10) + BAND_OFFSET)).padStart(13, "0");
}

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

/** The key part of a Query: a key condition with the attribute names of the table or of an index. */
export interface KeyCondition {
  IndexName?: string;
  KeyConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

function keyCondition(index: IndexName | undefined, expression: string, values: Record<string, unknown>, usesSortKey: boolean): KeyCondition {
  const names = index ? TABLE_SCHEMA.indexes[index] : TABLE_SCHEMA;
  return {
    ...(index ? { IndexName: index } : {}),
    KeyConditionExpression: expression,
    ExpressionAttributeNames: { "#pk": names.partitionKey, ...(usesSortKey ? { "#sk": names.sortKey } : {}) },
    ExpressionAttributeValues: values,
  };
}

export const KeyConditions = {
  /** Every item of one partition, of the table or of an index. */
  partition: (pk: string, index?: IndexName): KeyCondition => keyCondition(index, "#pk = :pk", { ":pk": pk }, false),
  /** Items of one partition whose sort key is at least `from`. */
  from: (pk: string, from: string, index?: IndexName): KeyCondition =>
    keyCondition(index, "#pk = :pk AND #sk >= :from", { ":pk": pk, ":from": from }, true),
  /** Items of one partition whose sort key lies between two bounds, inclusive. */
  between: (pk: string, [from, to]: [string, string], index?: IndexName): KeyCondition =>
    keyCondition(index, "#pk = :pk AND #sk BETWEEN :from AND :to", { ":pk": pk, ":from": from, ":to": to }, true),
  /** Items of one partition whose sort key is below `below`. */
  below: (pk: string, below: string, index?: IndexName): KeyCondition =>
    keyCondition(index, "#pk = :pk AND #sk < :below", { ":pk": pk, ":below": below }, true),
  /** Items of one partition whose sort key starts with `prefix`. */
  prefix: (pk: string, prefix: string, index?: IndexName): KeyCondition =>
    keyCondition(index, "#pk = :pk AND begins_with(#sk, :prefix)", { ":pk": pk, ":prefix": prefix }, true),
} as const;

