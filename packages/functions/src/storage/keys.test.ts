import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { claimHash, Entities, type EntityKind, isAdHeaderIndexKey, isDailyIndexKey, kindsOfPartition, logInstantBounds, SYNC_SHARD_BOUNDS } from "./keys.js";
import { currentScope, withScope } from "./scope.js";

type Fields = Record<string, unknown>;
type AnyEntity = {
  definition: { scoped: boolean };
  key(fields?: Fields): { pk: string; sk: string };
  partition(fields?: Fields): string;
  indexKey(fields: Fields): { gsi1pk: string; gsi1sk: string };
  parse(key: Fields): Fields | undefined;
  parseIndex(key: Fields): Fields | undefined;
  pk: { source: string; prefix: string; names: string[]; read(key: unknown): Fields | undefined };
  gsi1pk?: { source: string; prefix: string; names: string[]; read(key: unknown): Fields | undefined };
  query: { partition(fields?: Fields): { ExpressionAttributeValues: Record<string, unknown> } };
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
  settings_override: { group: "estoque", key: "lead_time#padrao" },
  "storage-cost-day": { sku: "SKU#9", day: "2026-03-04" },
  "ledger-recompute": { id: "2026-03-04T00:00:00.000Z#r" },
  system_log: { id: 7, module: "forecasting", instant: "2026-03-04T10:00:00.000Z" },
  credential: { provider: "marketplace" },
  seller: { userId: "123#4" },
  first_seller: {},
  account_event: { id: "2026-03-04T00:00:00.000Z#e" },
  lease: { name: "sync" },
  oauth_state: { state: "s1" },
  import: { id: "2026-03-04T00:00:00.000Z#i" },
  "sync-run": { runId: "2026-03-04T00:00:00.000Z#r1", state: "running" },
  "sync-shard": { runId: "2026-03-04T00:00:00.000Z#r1", shardNumber: 12 },
  "sync-plan": { runId: "2026-03-04T00:00:00.000Z#r1" },
  "sync-chunk": { runId: "2026-03-04T00:00:00.000Z#r1", shardNumber: 12, chunk: 3 },
  call_budget: { windowStartMs: 1_772_582_400_000 },
  idempotency: { route: "POST /full/sync", hash: "d41d8cd98f00b204e9800998ecf8427e" },
  "create-claim": { resource: "tariff", hash: "abc-_" },
  read_model: {},
  list_page: { alerting: true, page: 9 },
  replenishment_sku: { sku: "SKU#9", coverage: 12.5 },
  sku_view_page: { view: "restock", page: 5 },
  answer_page: { view: "restock", page: 5 },
  alert: { alertId: "stockout:SKU9" },
  alert_event: { eventId: "2026-03-04T00:00:00.000Z#stockout:SKU9" },
  alert_pending: { sku: "SKU#9" },
  subscription: { id: "sub1" },
  delivery: { at: "2026-03-04T00:00:00.000Z", id: "d1" },
  stock_ledger: { inventoryId: "INV#1" },
  missed_notification: { id: "5f3a9c1e" },
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
    expect(Entities.settings.parse(Entities.settings.key({ group: null, page: 0 }))).toEqual({ group: null, page: 0 });
    expect(Entities.replenishment_sku.parse(Entities.replenishment_sku.key({ sku: "S", coverage: 95 }))).toMatchObject({ coverage: null, sku: "S" });
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
    expect([record, row, header].map((key) => Entities.daily_stock.parseIndex({ gsi1pk: Entities.inventory.indexPartition({ adId: "MLB1" }), gsi1sk: key }) !== undefined)).toEqual([false, true, false]);
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
    expect(Entities["sync-shard"].query.between({ runId: "r#1" }, SYNC_SHARD_BOUNDS)).toEqual({
      KeyConditionExpression: "#pk = :pk AND #sk BETWEEN :from AND :to",
      ExpressionAttributeNames: { "#pk": "pk", "#sk": "sk" },
      ExpressionAttributeValues: { ":pk": "SYNCSHARD#r#1", ":from": "000000", ":to": "999999" },
    });
    const [from, to] = logInstantBounds("2026-03-01T00:00:00.000Z", "2026-03-02T00:00:00.000Z");
    const entry = Entities.system_log.indexKey({ module: "m", instant: "2026-03-02T00:00:00.000Z", id: 999_999_999_999 }).gsi1sk;
    expect(from <= entry && entry <= to).toBe(true);
    expect(Entities.system_log.indexKey({ module: "m", instant: "2026-02-28T23:59:59.999Z", id: 1 }).gsi1sk < from).toBe(true);
    expect(() => Entities.tariff.indexQuery.partition({} as never)).toThrow();
  });

  it("keeps the stored keys of every kind as they are in existing tables", () => {
    expect(Entities.inventory.key({ inventoryId: "INV1" })).toEqual({ pk: "INVENTORY#3", sk: "INV1" });
    expect(Entities.inventory.indexKey({ adId: "MLB1", inventoryId: "INV1" })).toEqual({ gsi1pk: "AD#MLB1", gsi1sk: "INV1" });
    expect(Entities.daily_stock.key({ inventoryId: "INV1", day: "2026-03-04" })).toEqual({ pk: "DAILY#INV1", sk: "2026-03-04" });
    expect(Entities.daily_stock.indexKey({ adId: "MLB1", day: "2026-03-04", inventoryId: "INV1" })).toEqual({ gsi1pk: "AD#MLB1", gsi1sk: "\u00002026-03-04\u0000INV1" });
    expect(Entities.daily_unindexed.key({ inventoryId: "INV1" })).toEqual({ pk: "DAILYUNINDEXED#3", sk: "INV1" });
    expect(Entities.daily_inventory.key({ inventoryId: "INV1" })).toEqual({ pk: "DAILYINV#3", sk: "INV1" });
    expect(Entities.ad.key({ adId: "MLB1" })).toEqual({ pk: "ADS#1", sk: "MLB1" });
    expect(Entities.ad.indexKey({ adId: "MLB1", sku: "SKU1" })).toEqual({ gsi1pk: "FULLSKU#1", gsi1sk: "SKU1#MLB1" });
    expect({ ...Entities.ad_header.key({ adId: "MLB1" }), ...Entities.ad_header.indexKey({ adId: "MLB1" }) }).toEqual({ pk: "ADHEAD#1", sk: "MLB1", gsi1pk: "AD#MLB1", gsi1sk: "\u0001" });
    expect(Entities.local_stock.key({ sku: "SKU1", warehouse: "W1" })).toEqual({ pk: "LOCAL#1", sk: "SKU1#W1" });
    expect(Entities.metric.key({ sku: "SKU1" })).toEqual({ pk: "METRIC#1", sk: "SKU1" });
    expect(Entities.planning.key({ sku: "SKU1" })).toEqual({ pk: "PLANNING#1", sk: "SKU1" });
    expect(Entities.tariff.key({ id: 42 })).toEqual({ pk: "TARIFF", sk: "000000000042" });
    expect(Entities["tariff-version"].key({ id: 42, version: 3 })).toEqual({ pk: "TARIFF", sk: "000000000042#000003" });
    expect(Entities.counter.key({ name: "tariff" })).toEqual({ pk: "COUNTER", sk: "tariff" });
    expect(Entities.settings.key({ group: null, page: 0 })).toEqual({ pk: "SETTINGS", sk: "NOGROUP" });
    expect(Entities.settings.key({ group: "a#b c", page: 2 })).toEqual({ pk: "SETTINGS", sk: "GROUP#a%23b%20c#2" });
    expect(Entities["settings-change"].key({ group: "a#b", changeId: "c1" })).toEqual({ pk: "SETTINGSCHANGE#a%23b", sk: "c1" });
    expect(Entities["storage-cost-day"].key({ sku: "SKU1", day: "2026-03-04" })).toEqual({ pk: "LEDGER#2026-03#1", sk: "SKU1#2026-03-04" });
    expect(Entities["ledger-recompute"].key({ id: "r1" })).toEqual({ pk: "LEDGERRECOMPUTE", sk: "r1" });
    expect(Entities.system_log.key({ id: 7 })).toEqual({ pk: "LOG", sk: "000000000007" });
    expect(Entities.system_log.indexKey({ module: "m", instant: "2026-03-04T10:00:00.000Z", id: 7 })).toEqual({ gsi1pk: "LOG#m", gsi1sk: "2026-03-04T10:00:00.000Z#000000000007" });
    expect(Entities.credential.key({ provider: "p" })).toEqual({ pk: "CREDENTIAL", sk: "p" });
    expect(Entities.account_event.key({ id: "e" })).toEqual({ pk: "ACCOUNTEVENT", sk: "e" });
    expect(Entities.lease.key({ name: "sync" })).toEqual({ pk: "LEASE", sk: "sync" });
    expect(Entities.oauth_state.key({ state: "s" })).toEqual({ pk: "OAUTH_STATE", sk: "s" });
    expect(Entities.import.key({ id: "i" })).toEqual({ pk: "IMPORT", sk: "i" });
    expect(Entities["sync-run"].key({ runId: "r#1" })).toEqual({ pk: "SYNCRUN", sk: "r#1" });
    expect(Entities["sync-run"].indexKey({ state: "running", runId: "r#1" })).toEqual({ gsi1pk: "SYNCRUNS#running", gsi1sk: "r#1" });
    expect(Entities["sync-shard"].key({ runId: "r#1", shardNumber: 12 })).toEqual({ pk: "SYNCSHARD#r#1", sk: "000012" });
    expect(Entities["sync-plan"].key({ runId: "r#1" })).toEqual({ pk: "SYNCSHARD#r#1", sk: "plan" });
    expect(Entities["sync-chunk"].key({ runId: "r#1", shardNumber: 12, chunk: 3 })).toEqual({ pk: "SYNCSHARD#r#1", sk: "chunk#000012#000003" });
    expect(Entities.call_budget.key({ windowStartMs: 60_000 })).toEqual({ pk: "CALLBUDGET", sk: "60000" });
    expect(Entities.idempotency.partition()).toBe("IDEMPOTENCY");
    expect(Entities["create-claim"].key({ resource: "tariff", hash: claimHash("k1") })).toEqual({ pk: "CLAIM", sk: "tariff#arnx6499M4j0-dWG9m6Z_VQIDfLERvDlhmiwnAihbdA" });
    expect(Entities.read_model.key()).toEqual({ pk: "READMODEL", sk: "STATE" });
    expect(Entities.list_page.key({ alerting: true, page: 9 })).toEqual({ pk: "LISTVIEW#A#1", sk: "000000000009" });
    expect(Entities.list_page.key({ alerting: false, page: 2 })).toEqual({ pk: "LISTVIEW#O#2", sk: "000000000002" });
    expect(Entities.replenishment_sku.key({ sku: "SKU1", coverage: 12.34 })).toEqual({ pk: "REPLENISH#1", sk: "C#1000000000123#SKU1" });
    expect(Entities.replenishment_sku.key({ sku: "SKU1", coverage: -5 })).toEqual({ pk: "REPLENISH#1", sk: "C#0999999999950#SKU1" });
    expect(Entities.replenishment_sku.key({ sku: "SKU1", coverage: 90 })).toEqual({ pk: "REPLENISH#1", sk: "Z#SKU1" });
    expect(Entities.replenishment_sku.key({ sku: "SKU1", coverage: null })).toEqual({ pk: "REPLENISH#1", sk: "Z#SKU1" });
    expect(Entities.sku_view_page.key({ view: "restock", page: 5 })).toEqual({ pk: "SKUVIEW#restock#1", sk: "000000000005" });
    // Answer pages spread over ANSWER_SHARDS partitions; those stored over SHARDS are still read (answer-layout.test.ts).
    expect(Entities.answer_page.key({ view: "restock", page: 5 })).toEqual({ pk: "SKUVIEW#restock_answer#5", sk: "000000000005" });
    expect(Entities.answer_page.key({ view: "restock", page: 9 })).toEqual({ pk: "SKUVIEW#restock_answer#1", sk: "000000000009" });
    expect(Entities.alert.key({ alertId: "a" })).toEqual({ pk: "ALERT", sk: "a" });
    expect(Entities.alert_event.key({ eventId: "t#a" })).toEqual({ pk: "ALERTEVENT", sk: "t#a" });
    expect(Entities.subscription.key({ id: "s" })).toEqual({ pk: "ALERTSUB", sk: "s" });
    expect(Entities.delivery.key({ at: "t", id: "d" })).toEqual({ pk: "ALERTDELIVERY", sk: "t#d" });
    expect(Entities.stock_ledger.key({ inventoryId: "INV1" })).toEqual({ pk: "STOCKLEDGER#INV1", sk: "STATE" });
    expect(Entities.missed_notification.key({ id: "m1" })).toEqual({ pk: "MISSEDFEED", sk: "m1" });
  });
});

describe("the scope of the partition keys", () => {
  // A scope with the characters a key part treats specially; its prefix is URI-encoded.
  const SCOPE = "seller #7/é";
  const PREFIX = "SCOPE#seller%20%237%2F%C3%A9#";
  const unscoped = Object.fromEntries(
    entities.map(([kind, entity]) => [kind, { key: entity.key(SAMPLES[kind]), index: hasIndex(entity) ? entity.indexKey(SAMPLES[kind]) : undefined, prefix: entity.pk.prefix }]),
  );

  it("is empty outside any scope, and the empty scope changes no key", () => {
    expect(currentScope()).toBe("");
    withScope("", () => {
      for (const [kind, entity] of entities) {
        expect(entity.key(SAMPLES[kind]), kind).toEqual(unscoped[kind]!.key);
        if (hasIndex(entity)) expect(entity.indexKey(SAMPLES[kind]), kind).toEqual(unscoped[kind]!.index);
      }
    });
  });

  it("prefixes the partition keys, of the table and of the index, of the scoped kinds only", () => {
    withScope(SCOPE, () => {
      expect(currentScope()).toBe(SCOPE);
      for (const [kind, entity] of entities) {
        const prefix = entity.definition.scoped ? PREFIX : "";
        const { key, index } = unscoped[kind]!;
        expect(entity.key(SAMPLES[kind]), kind).toEqual({ pk: prefix + key.pk, sk: key.sk });
        expect(entity.pk.prefix, kind).toBe(prefix + unscoped[kind]!.prefix);
        expect(entity.query.partition(entity.pk.read(prefix + key.pk)).ExpressionAttributeValues[":pk"], kind).toBe(prefix + key.pk);
        if (index) expect(entity.indexKey(SAMPLES[kind]), kind).toEqual({ gsi1pk: prefix + index.gsi1pk, gsi1sk: index.gsi1sk });
      }
    });
    expect(entities.filter(([, entity]) => entity.definition.scoped).map(([kind]) => kind)).toEqual(expect.arrayContaining(["ad", "inventory", "sync-run", "read_model", "alert"]));
    expect(entities.filter(([, entity]) => !entity.definition.scoped).map(([kind]) => kind)).toEqual(expect.arrayContaining(["tariff", "local_stock", "settings", "counter", "idempotency"]));
  });

  it("reads the keys of the scope back, and names their kinds", () => {
    withScope(SCOPE, () => {
      for (const [kind, entity] of entities) {
        const key = entity.key(SAMPLES[kind]);
        const parsed = entity.parse(key);
        expect(parsed, `${kind} ${JSON.stringify(key)}`).toMatchObject(Object.fromEntries(Object.entries(SAMPLES[kind]).filter(([name]) => name in parsed!)));
        expect(entity.key(parsed!), kind).toEqual(key);
        expect(kindsOfPartition(key.pk), kind).toContain(kind);
        if (hasIndex(entity)) {
          const index = entity.indexKey(SAMPLES[kind]);
          expect(entity.indexKey(entity.parseIndex(index)!), kind).toEqual(index);
          expect(kindsOfPartition(index.gsi1pk), kind).toContain(kind);
        }
        for (const [other, otherEntity] of entities) if (other !== kind) expect(otherEntity.parse(key), `${kind} read as ${other}`).toBeUndefined();
      }
    });
  });

  it("reads no scoped key of another scope", () => {
    const scopedKinds = entities.filter(([, entity]) => entity.definition.scoped);
    const keys = withScope(SCOPE, () => scopedKinds.map(([kind, entity]) => entity.key(SAMPLES[kind])));
    for (const scope of ["", "other"]) {
      withScope(scope, () => {
        for (const key of keys) {
          expect(kindsOfPartition(key.pk), `${key.pk} in scope "${scope}"`).toEqual([]);
          for (const [, entity] of entities) expect(entity.parse(key)).toBeUndefined();
        }
      });
    }
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
