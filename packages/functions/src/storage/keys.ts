/**
 * Single-table key design. Every key shape of the service is generated here and
 * nowhere else; the stack's table definition reads TABLE_SCHEMA from this module.
 *
 * | record kind      | pk                     | sk                         | gsi1pk              | gsi1sk            |
 * |------------------|------------------------|----------------------------|---------------------|-------------------|
 * | inventory        | INVENTORY#<shard>      | <inventory_id>             | AD#<ad_id> (if any) | <inventory_id>    |
 * | daily stock row  | DAILY#<inventory_id>   | <day YYYY-MM-DD>           |                     |                   |
 * | ad               | ADS#<shard>            | <ad_id>                    | FULLSKU#<shard>*    | <sku>#<ad_id>     |
 * | local stock row  | LOCAL#<shard>          | <sku>#<warehouse>          |                     |                   |
 * | SKU metric       | METRIC#<shard>         | <sku>                      |                     |                   |
 * | SKU planning     | PLANNING#<shard>       | <sku>                      |                     |                   |
 * | tariff           | TARIFF                 | <id, 12 digits>            |                     |                   |
 * | id counter       | COUNTER                | <name>                     |                     |                   |
 * | settings group   | SETTINGS               | GROUP#<group> / NOGROUP    |                     |                   |
 * | system log       | LOG                    | <id, 12 digits>            | LOG#<module>        | <utc instant>#<id>|
 * | credential       | CREDENTIAL             | <provider>                 |                     |                   |
 * | sync lease       | LEASE                  | <name>                     |                     |                   |
 * | sync run         | SYNCRUN                | <run id>                   | SYNCRUNS#<state>**  | <run id>          |
 * | sync run shard   | SYNCSHARD#<run id>     | <shard number, 6 digits>   |                     |                   |
 * | call budget      | CALLBUDGET#<run id>    | <minute, epoch ms>         |                     |                   |
 *
 * (*) only ads with is_full true and a sku: the sparse index holds exactly the
 * replenishment candidates. Shards spread the large collections over several
 * partitions so they can be read by parallel queries.
 * (**) only while the run is `running`, and once it has `succeeded`: the sparse index holds
 * the runs a new run must close as abandoned, and the last successful run.
 *
 * Access patterns:
 * - all inventory records: Query pk = INVENTORY#0..N-1 (parallel)
 * - inventory records of one ad: Query gsi1 where gsi1pk = AD#<ad_id>
 * - daily rows of one inventory in a window: Query pk = DAILY#<id> and sk BETWEEN
 * - ads by id: GetItem / BatchGetItem on (ADS#<shard(id)>, id)
 * - Full ads with a SKU (replenishment candidates; most ads of the inventory list and
 *   overview, whose other ads are read by id): Query gsi1 where gsi1pk = FULLSKU#0..N-1
 * - all local stock rows: Query pk = LOCAL#0..N-1
 * - all metrics (inventory list): Query pk = METRIC#0..N-1; by sku: BatchGetItem
 * - all SKU planning parameters (restock plan): Query pk = PLANNING#0..N-1; one SKU's: UpdateItem
 *   of (PLANNING#<shard(sku)>, sku), which changes only the fields given
 * - daily rows of many inventories for the last 30 days (restock plan, aged stock): one Query per
 *   inventory, pk = DAILY#<id> and sk BETWEEN, a bounded number in flight
 * - tariffs: Query pk = TARIFF; next id: UpdateItem ADD on COUNTER/tariff
 * - settings: GetItem of one group item, or Query pk = SETTINGS for all groups
 * - history: Query gsi1 where gsi1pk = LOG#<module> (gsi1sk BETWEEN two instants), newest first
 * - credential / lease: GetItem / conditional PutItem (the lease's heartbeat: conditional UpdateItem)
 * - sync runs, newest first: Query pk = SYNCRUN, descending (run ids sort by start time)
 * - runs left running (to close as abandoned): Query gsi1 where gsi1pk = SYNCRUNS#running
 * - last successful run: Query gsi1 where gsi1pk = SYNCRUNS#succeeded, descending, limit 1
 * - a run's shards: GetItem of one (the shard step), Query pk = SYNCSHARD#<run id> (finalize);
 *   a shard's end: TransactWriteItems of the shard (conditioned on its state) and the run's counters
 * - marketplace calls of a run in one minute: UpdateItem ADD, conditioned on the budget
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

export const Keys = {
  inventory: (inventoryId: string): Key => ({ pk: `INVENTORY#${shardOf(inventoryId)}`, sk: inventoryId }),
  inventoryShard: (shard: number): string => `INVENTORY#${shard}`,
  inventoryByAd: (adId: string): string => `AD#${adId}`,

  daily: (inventoryId: string, day: string): Key => ({ pk: `DAILY#${inventoryId}`, sk: day }),
  dailyPartition: (inventoryId: string): string => `DAILY#${inventoryId}`,

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
  tariffPartition: "TARIFF",
  counter: (name: string): Key => ({ pk: "COUNTER", sk: name }),

  settingsGroup: (group: string | null): Key => ({ pk: "SETTINGS", sk: group === null ? "NOGROUP" : `GROUP#${group}` }),
  settingsPartition: "SETTINGS",

  log: (id: number): Key => ({ pk: "LOG", sk: pad(id) }),
  logByModule: (module: string, instant: string, id: number): { gsi1pk: string; gsi1sk: string } => ({
    gsi1pk: `LOG#${module}`,
    gsi1sk: `${instant}#${pad(id)}`,
  }),
  logModulePartition: (module: string): string => `LOG#${module}`,

  credential: (provider: string): Key => ({ pk: "CREDENTIAL", sk: provider }),
  lease: (name: string): Key => ({ pk: "LEASE", sk: name }),

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
} as const;

/** DynamoDB's limits on key values in bytes: a longer id names no stored record, and a read with it is refused. */
export const KEY_BYTES = { partition: 2048, sort: 1024 } as const;

export const fitsKey = (key: { pk: string; sk?: string }): boolean =>
  Buffer.byteLength(key.pk) <= KEY_BYTES.partition && (key.sk === undefined || Buffer.byteLength(key.sk) <= KEY_BYTES.sort);
