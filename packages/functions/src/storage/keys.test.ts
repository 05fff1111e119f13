import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Entities, type EntityKind, isAdHeaderIndexKey, isDailyIndexKey, Keys } from "./keys.js";

type Fields = Record<string, unknown>;
type AnyEntity = {
  key(fields?: Fields): { pk: string; sk: string };
  indexKey(fields: Fields): { gsi1pk: string; gsi1sk: string };
  parse(key: Fields): Fields | undefined;
  parseIndex(key: Fields): Fields | undefined;
  pk: { source: string; prefix: string; names: string[] };
  gsi1pk?: { source: string; prefix: string; names: string[] };
};
const entities = Object.entries(Entities) as [EntityKind, AnyEntity][];

/** One record of each kind, by the values its keys are built from; ids with "#" and non-ASCII text where a kind allows them. */
const SAMPLES: Record<EntityKind, Fields> = {
  inventory: { inventoryId: "INV#1é", adId: "MLB1" },
  daily_stock: { inventoryId: "INV1", day: "2026-03-04", adId: "MLB1" },
  daily_unindexed: { inventoryId: "INV1" },
  daily_inventory: { inventoryId: "INV1" },
  ad: { adId: "MLB1", sku: "SKU#9" },
  ad_header: { adId: "MLB1" },
  local_stock: { sku: "SKU#9", warehouse: "main" },
  metric: { sku: "SKU 9" },
  planning: { sku: "SKU9" },
  tariff: { id: 42 },
  "tariff-version": { id: 42, version: 3 },
  counter: { name: "tariff" },
  settings: { group: "a#1", page: 2 },
  "settings-change": { group: "estoque #2", changeId: "2026-03-04T00:00:00.000Z#abc" },
  "storage-cost-day": { sku: "SKU#9", day: "2026-03-04" },
  "ledger-recompute": { id: "2026-03-04T00:00:00.000Z#r" },
  system_log: { id: 7, module: "forecasting", instant: "2026-03-04T10:00:00.000Z" },
  credential: { provider: "marketplace" },
  account_event: { id: "2026-03-04T00:00:00.000Z#e" },
  lease: { name: "sync" },
  oauth_state: { state: "s1" },
  import: { id: "2026-03-04T00:00:00.000Z#i" },
  "sync-run": { runId: "2026-03-04T00:00:00.000Z#r1", state: "running" },
  "sync-shard": { runId: "2026-03-04T00:00:00.000Z#r1", shardNumber: 12 },
  "sync-plan": { runId: "2026-03-04T00:00:00.000Z#r1" },
  call_budget: { runId: "2026-03-04T00:00:00.000Z#r1", windowStartMs: 1_772_582_400_000 },
  idempotency: { route: "POST /full/sync", hash: "d41d8cd98f00b204e9800998ecf8427e" },
  "create-claim": { resource: "tariff", hash: "abc-_" },
  read_model: {},
  list_page: { alerting: true, page: 9 },
  replenishment_sku: { sku: "SKU#9", coverage: 12.5 },
  sku_view_page: { view: "restock", page: 5 },
  answer_page: { view: "restock", page: 5 },
  alert: { alertId: "stockout:SKU9" },
  alert_event: { eventId: "2026-03-04T00:00:00.000Z#stockout:SKU9" },
  subscription: { id: "sub1" },
  delivery: { at: "2026-03-04T00:00:00.000Z", id: "d1" },
};

const hasIndex = (entity: AnyEntity): boolean => entity.gsi1pk !== undefined;

describe("the entity table", () => {
  it("has a sample of every kind", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(entities.map(([kind]) => kind).sort());
  });

  it("parses every kind's keys back to the values they were built from", () => {
    for (const [kind, entity] of entities) {
      const fields = SAMPLES[kind];
      const key = entity.key(fields);
      const parsed = entity.parse(key);
      expect(parsed, `${kind} ${JSON.stringify(key)}`).toMatchObject(Object.fromEntries(Object.entries(fields).filter(([name]) => name in parsed!)));
      expect(entity.key(parsed!), kind).toEqual(key);
      if (hasIndex(entity)) {
        const indexKey = entity.indexKey(fields);
        const parsedIndex = entity.parseIndex(indexKey);
        expect(parsedIndex, `${kind} ${JSON.stringify(indexKey)}`).toMatchObject(Object.fromEntries(Object.entries(fields).filter(([name]) => name in parsedIndex!)));
        expect(entity.indexKey(parsedIndex!), kind).toEqual(indexKey);
      }
    }
  });

  it("reads back a key's shard and the values derived from others", () => {
    const key = Entities["storage-cost-day"].key({ sku: "SKU#9", day: "2026-03-04" });
    expect(Entities["storage-cost-day"].parse(key)).toEqual({ month: "2026-03", shard: expect.any(Number), sku: "SKU#9", day: "2026-03-04" });
    expect(Entities.settings.parse(Keys.settingsGroup(null))).toEqual({ group: null, page: 0 });
    expect(Entities.replenishment_sku.parse(Keys.replenishmentSku("S", 95))).toMatchObject({ coverage: null, sku: "S" });
  });

  it("never parses one kind's key as another kind's", () => {
    for (const [kind, entity] of entities) {
      const key = entity.key(SAMPLES[kind]);
      const index = hasIndex(entity) ? entity.indexKey(SAMPLES[kind]) : undefined;
      for (const [other, otherEntity] of entities) {
        if (other === kind) continue;
        expect(otherEntity.parse(key), `${kind} key ${JSON.stringify(key)} read as ${other}`).toBeUndefined();
        if (index && hasIndex(otherEntity)) expect(otherEntity.parseIndex(index), `${kind} index key ${JSON.stringify(index)} read as ${other}`).toBeUndefined();
      }
    }
  });

  it("tells apart the three kinds the detail reads from the ad's index partition by their index sort key", () => {
    // Prepare: a record (its id with a "#" and an accent), a daily row and the header of one ad, as stored.
    const record = Entities.inventory.indexKey({ inventoryId: "INV#1é", adId: "MLB1" }).gsi1sk;
    const row = Entities.daily_stock.indexKey({ inventoryId: "INV1", day: "2026-03-04", adId: "MLB1" }).gsi1sk;
    const header = Entities.ad_header.indexKey({ adId: "MLB1" }).gsi1sk;

    // Assess: each test names its own kind only, and nothing that is not a key.
    expect([record, row, header].map(isDailyIndexKey)).toEqual([false, true, false]);
    expect([record, row, header].map(isAdHeaderIndexKey)).toEqual([false, false, true]);
    expect([undefined, 7, `${header}x`, ""].some((key) => isDailyIndexKey(key) || isAdHeaderIndexKey(key))).toBe(false);
    // Each kind's template still reads only its own key (the tests by first character rely on it).
    expect([record, row, header].map((key) => Entities.daily_stock.parseIndex({ gsi1pk: Keys.inventoryByAd("MLB1"), gsi1sk: key }) !== undefined)).toEqual([false, true, false]);
  });

  it("gives each partition shape a prefix no other shape's partitions start with", () => {
    // A partition with values is found by its prefix (begins_with, a scan of DAILY#): the prefix ends
    // at a "#" and starts no other kind's partition. Kinds may share a partition shape; their sort keys
    // then tell them apart (the test above).
    for (const space of ["pk", "gsi1pk"] as const) {
      const shapes = new Map<string, string>();
      for (const [kind, entity] of entities) {
        const template = entity[space];
        if (!template) continue;
        if (template.names.length > 0) expect(template.prefix, `${kind} ${template.source}`).toMatch(/^[A-Z_]+#$/);
        shapes.set(template.source, template.prefix);
      }
      const prefixes = [...shapes.values()];
      for (const [source, prefix] of shapes) {
        if (!prefix.endsWith("#")) continue;
        const clashes = [...shapes].filter(([other, otherPrefix]) => other !== source && otherPrefix.startsWith(prefix) && !sharesViews(source, other));
        expect(clashes, `${space} ${source}`).toEqual([]);
      }
      expect(prefixes.length).toBeGreaterThan(1);
    }
  });

  it("derives each kind's key conditions, on the table or on the index its keys are in", () => {
    expect(Entities.inventory.query.shards().map((condition) => condition.ExpressionAttributeValues[":pk"])).toEqual(["INVENTORY#0", "INVENTORY#1", "INVENTORY#2", "INVENTORY#3"]);
    expect(Entities.ad.indexQuery.shards()).toContainEqual({
      IndexName: "gsi1",
      KeyConditionExpression: "#pk = :pk",
      ExpressionAttributeNames: { "#pk": "gsi1pk" },
      ExpressionAttributeValues: { ":pk": "FULLSKU#2" },
    });
    expect(Entities["sync-shard"].query.between({ runId: "r#1" }, Keys.syncShardBounds)).toEqual({
      KeyConditionExpression: "#pk = :pk AND #sk BETWEEN :from AND :to",
      ExpressionAttributeNames: { "#pk": "pk", "#sk": "sk" },
      ExpressionAttributeValues: { ":pk": "SYNCSHARD#r#1", ":from": "000000", ":to": "999999" },
    });
    const [from, to] = Keys.logInstantBounds("2026-03-01T00:00:00.000Z", "2026-03-02T00:00:00.000Z");
    const entry = Keys.logByModule("m", "2026-03-02T00:00:00.000Z", 999_999_999_999).gsi1sk;
    expect(from <= entry && entry <= to).toBe(true);
    expect(Keys.logByModule("m", "2026-02-28T23:59:59.999Z", 1).gsi1sk < from).toBe(true);
    expect(() => Entities.tariff.indexQuery.partition({} as never)).toThrow();
  });

  it("keeps the stored keys of every kind as they are in existing tables", () => {
    expect(Keys.inventory("INV1")).toEqual({ pk: "INVENTORY#3", sk: "INV1" });
    expect(Keys.inventoryAdIndex("MLB1", "INV1")).toEqual({ gsi1pk: "AD#MLB1", gsi1sk: "INV1" });
    expect(Keys.daily("INV1", "2026-03-04")).toEqual({ pk: "DAILY#INV1", sk: "2026-03-04" });
    expect(Keys.dailyByAd("MLB1", "2026-03-04", "INV1")).toEqual({ gsi1pk: "AD#MLB1", gsi1sk: "\u00002026-03-04\u0000INV1" });
    expect(Keys.dailyUnindexed("INV1")).toEqual({ pk: "DAILYUNINDEXED#3", sk: "INV1" });
    expect(Keys.dailyInventory("INV1")).toEqual({ pk: "DAILYINV#3", sk: "INV1" });
    expect(Keys.ad("MLB1")).toEqual({ pk: "ADS#1", sk: "MLB1" });
    expect(Keys.fullSkuIndex("MLB1", "SKU1")).toEqual({ gsi1pk: "FULLSKU#1", gsi1sk: "SKU1#MLB1" });
    expect(Keys.adHeader("MLB1")).toEqual({ pk: "ADHEAD#1", sk: "MLB1", gsi1pk: "AD#MLB1", gsi1sk: "\u0001" });
    expect(Keys.localStock("SKU1", "W1")).toEqual({ pk: "LOCAL#1", sk: "SKU1#W1" });
    expect(Keys.metric("SKU1")).toEqual({ pk: "METRIC#1", sk: "SKU1" });
    expect(Keys.planning("SKU1")).toEqual({ pk: "PLANNING#1", sk: "SKU1" });
    expect(Keys.tariff(42)).toEqual({ pk: "TARIFF", sk: "000000000042" });
    expect(Keys.tariffVersion(42, 3)).toEqual({ pk: "TARIFF", sk: "000000000042#000003" });
    expect(Keys.counter("tariff")).toEqual({ pk: "COUNTER", sk: "tariff" });
    expect(Keys.settingsPage(null, 0)).toEqual({ pk: "SETTINGS", sk: "NOGROUP" });
    expect(Keys.settingsPage("a#b c", 2)).toEqual({ pk: "SETTINGS", sk: "GROUP#a%23b%20c#2" });
    expect(Keys.settingsChange("a#b", "c1")).toEqual({ pk: "SETTINGSCHANGE#a%23b", sk: "c1" });
    expect(Keys.ledgerDay("SKU1", "2026-03-04")).toEqual({ pk: "LEDGER#2026-03#1", sk: "SKU1#2026-03-04" });
    expect(Keys.ledgerRecompute("r1")).toEqual({ pk: "LEDGERRECOMPUTE", sk: "r1" });
    expect(Keys.log(7)).toEqual({ pk: "LOG", sk: "000000000007" });
    expect(Keys.logByModule("m", "2026-03-04T10:00:00.000Z", 7)).toEqual({ gsi1pk: "LOG#m", gsi1sk: "2026-03-04T10:00:00.000Z#000000000007" });
    expect(Keys.credential("p")).toEqual({ pk: "CREDENTIAL", sk: "p" });
    expect(Keys.accountEvent("e")).toEqual({ pk: "ACCOUNTEVENT", sk: "e" });
    expect(Keys.lease("sync")).toEqual({ pk: "LEASE", sk: "sync" });
    expect(Keys.oauthState("s")).toEqual({ pk: "OAUTH_STATE", sk: "s" });
    expect(Keys.importRecord("i")).toEqual({ pk: "IMPORT", sk: "i" });
    expect(Keys.syncRun("r#1")).toEqual({ pk: "SYNCRUN", sk: "r#1" });
    expect(Keys.syncRunsByState("running", "r#1")).toEqual({ gsi1pk: "SYNCRUNS#running", gsi1sk: "r#1" });
    expect(Keys.syncShard("r#1", 12)).toEqual({ pk: "SYNCSHARD#r#1", sk: "000012" });
    expect(Keys.syncPlan("r#1")).toEqual({ pk: "SYNCSHARD#r#1", sk: "plan" });
    expect(Keys.callBudget("r#1", 60_000)).toEqual({ pk: "CALLBUDGET#r#1", sk: "60000" });
    expect(Keys.idempotencyPartition).toBe("IDEMPOTENCY");
    expect(Keys.createClaim("tariff", "k1")).toEqual({ pk: "CLAIM", sk: "tariff#arnx6499M4j0-dWG9m6Z_VQIDfLERvDlhmiwnAihbdA" });
    expect(Keys.readModelState).toEqual({ pk: "READMODEL", sk: "STATE" });
    expect(Keys.listPage(true, 9)).toEqual({ pk: "LISTVIEW#A#1", sk: "000000000009" });
    expect(Keys.listPage(false, 2)).toEqual({ pk: "LISTVIEW#O#2", sk: "000000000002" });
    expect(Keys.replenishmentSku("SKU1", 12.34)).toEqual({ pk: "REPLENISH#1", sk: "C#1000000000123#SKU1" });
    expect(Keys.replenishmentSku("SKU1", -5)).toEqual({ pk: "REPLENISH#1", sk: "C#0999999999950#SKU1" });
    expect(Keys.replenishmentSku("SKU1", 90)).toEqual({ pk: "REPLENISH#1", sk: "Z#SKU1" });
    expect(Keys.replenishmentSku("SKU1", null)).toEqual({ pk: "REPLENISH#1", sk: "Z#SKU1" });
    expect(Keys.skuViewPage("restock", 5)).toEqual({ pk: "SKUVIEW#restock#1", sk: "000000000005" });
    // Answer pages spread over ANSWER_SHARDS partitions; those stored over SHARDS are still read (answer-layout.test.ts).
    expect(Keys.answerPage("restock", 5)).toEqual({ pk: "SKUVIEW#restock_answer#5", sk: "000000000005" });
    expect(Keys.answerPage("restock", 9)).toEqual({ pk: "SKUVIEW#restock_answer#1", sk: "000000000009" });
    expect(Keys.alert("a")).toEqual({ pk: "ALERT", sk: "a" });
    expect(Keys.alertEvent("t#a")).toEqual({ pk: "ALERTEVENT", sk: "t#a" });
    expect(Keys.subscription("s")).toEqual({ pk: "ALERTSUB", sk: "s" });
    expect(Keys.delivery("t", "d")).toEqual({ pk: "ALERTDELIVERY", sk: "t#d" });
  });
});

/** A view's pages and its stored answer's: SKUVIEW#<view> and SKUVIEW#<view>_answer, told apart by their parsers. */
const sharesViews = (a: string, b: string): boolean => [a, b].every((source) => source.startsWith("SKUVIEW#"));

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
/** The key definition: the only modules that may spell a key prefix or a key condition. */
const DEFINITION = new Set(["packages/functions/src/storage/keys.ts", "packages/functions/src/storage/entity.ts"]);
/** The service's modules, the local runtime's (its bench reads the table too) and the tests' support modules. */
const SCANNED = ["packages/functions/src", "packages/local/src", "test/support"];

const sources = (dir: string): { path: string; text: string }[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [{ path: relative(ROOT, path), text: readFileSync(path, "utf8") }] : [];
  });

describe("the modules outside the key definition", () => {
  const modules = SCANNED.flatMap((dir) => sources(join(ROOT, dir))).filter(({ path }) => !DEFINITION.has(path));
  // Every partition prefix of the entity table, and the fixed partitions, as they would open a string literal.
  const prefixes = [...new Set(entities.flatMap(([, entity]) => [entity.pk.prefix, entity.gsi1pk?.prefix ?? []].flat()))];

  it("are read by the scan", () => {
    expect(modules.map(({ path }) => path)).toEqual(
      expect.arrayContaining(["packages/functions/src/storage/inventory.ts", "packages/functions/src/storage/sync/shards.ts", "packages/local/src/bench/floors.ts", "test/support/dump.ts"]),
    );
    expect(prefixes).toEqual(expect.arrayContaining(["INVENTORY#", "SYNCSHARD#", "AD#", "TARIFF"]));
  });

  it("write no key condition of their own", () => {
    expect(modules.filter(({ text }) => text.includes("KeyConditionExpression")).map(({ path }) => path)).toEqual([]);
  });

  it("spell no key prefix", () => {
    const found = modules.flatMap(({ path, text }) =>
      prefixes.flatMap((prefix) => {
        const literal = new RegExp(`["'\`]${prefix.replace(/[$]/g, "\\$&")}${prefix.endsWith("#") ? "" : "[\"'`#]"}`);
        return literal.test(text) ? [`${path}: ${prefix}`] : [];
      }),
    );
    const anyPrefix = modules.flatMap(({ path, text }) => [...text.matchAll(/["'`]([A-Z][A-Z_]+#)/g)].map((match) => `${path}: ${match[1]}`));
    expect([...found, ...anyPrefix]).toEqual([]);
  });
});
