import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DynamoDBServiceException } from "@aws-sdk/client-dynamodb";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { countersOf, markChanged, readState, readStates, TOPIC_OF_KIND, writeChanging } from "./changes.js";
import { withScope } from "./scope.js";
import { registerSeller } from "./sellers.js";
import { writeGroupEntries } from "./settings.js";
import { Entities, ITEM_ABSENT } from "./keys.js";
import { useTestTable } from "#test/table";

/**
 * Views cannot go stale by omission: every record kind of the entity table (storage/keys.ts) has its
 * entry in the one kind→topic table (a topic, or null where no view reads it), and the storage
 * modules write no kind the entity table does not declare (services/read-model/index.test.ts checks
 * the views' side).
 */

const STORAGE = fileURLToPath(new URL(".", import.meta.url));

/** The storage modules' source (tests left out), with their paths. */
const modules = (dir: string): { path: string; text: string }[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [{ path, text: readFileSync(path, "utf8") }] : [];
  });

/** Every `kind` the storage modules put on an item: `kind: "…"` in an item, or `":kind": "…"` in an update. */
function writtenKinds(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { path, text } of modules(STORAGE)) {
    for (const match of text.matchAll(/(?:\bkind|":kind"): "([^"]+)"/g)) found.set(match[1]!, [...(found.get(match[1]!) ?? []), path.slice(STORAGE.length)]);
  }
  return found;
}

describe("the kind→topic table", () => {
  it("has an entry for every record kind of the entity table, and for no other", () => {
    const kinds = Object.keys(Entities);
    expect(kinds).toEqual(expect.arrayContaining(["ad", "inventory", "daily_stock", "local_stock", "metric", "tariff", "sync-run", "read_model"]));
    expect(kinds.filter((kind) => !(kind in TOPIC_OF_KIND)), "record kinds without an entry in TOPIC_OF_KIND (storage/changes.ts)").toEqual([]);
    expect(Object.keys(TOPIC_OF_KIND).filter((kind) => !(kind in Entities)), "entries of TOPIC_OF_KIND that name no record kind").toEqual([]);
  });

  it("is told every kind the storage modules write: each is a kind of the entity table", () => {
    const written = writtenKinds();
    // The scan itself finds the kinds it must: the watched ones and some that no view reads.
    expect([...written.keys()]).toEqual(expect.arrayContaining(["ad", "inventory", "daily_stock", "local_stock", "metric", "tariff", "sync-run", "read_model"]));
    const undeclared = [...written].filter(([kind]) => !(kind in Entities)).map(([kind, files]) => `${kind} (${files.join(", ")})`);
    expect(undeclared, "record kinds written that the entity table (storage/keys.ts) does not declare").toEqual([]);
  });
});

describe("writeChanging", () => {
  const db = useTestTable("changes");
  const counters = async (): Promise<Record<string, number>> => countersOf(await readState(db.ref), ["tariffs"]);
  const put = (condition?: string) =>
    db.ref.doc.send(new PutCommand({ TableName: db.ref.table, Item: { ...Entities.tariff.key({ id: 1 }), kind: "tariff" }, ...(condition ? { ConditionExpression: condition } : {}) }));

  it("bumps the topics of the kinds written, once the write is stored", async () => {
    const before = await counters();

    await writeChanging(db.ref, "tariff", () => put(), { single: true });

    expect((await counters()).tariffs).toBe(before.tariffs! + 1);
  });

  it("changes nothing when DynamoDB refused a single write whole", async () => {
    // Prepare: the item exists, so a put conditioned on its absence is refused.
    await put();
    const before = await counters();

    // Act
    const error = await writeChanging(db.ref, "tariff", () => put(ITEM_ABSENT), { single: true }).catch((e: unknown) => e);

    // Assess
    expect(error).toMatchObject({ name: "ConditionalCheckFailedException" });
    expect(await counters()).toEqual(before);
  });

  it("bumps when the outcome is unknown, or when a write of several requests failed part-way", async () => {
    const before = await counters();
    const serverFault = new DynamoDBServiceException({ name: "InternalServerError", $fault: "server", $metadata: { httpStatusCode: 500 } });
    const refused = new DynamoDBServiceException({ name: "ThrottlingException", $fault: "client", $metadata: { httpStatusCode: 400 } });

    await expect(writeChanging(db.ref, "tariff", () => Promise.reject(serverFault), { single: true })).rejects.toBe(serverFault);
    await expect(writeChanging(db.ref, "tariff", () => Promise.reject(refused))).rejects.toBe(refused);

    expect((await counters()).tariffs).toBe(before.tariffs! + 2);
  });
});

describe("the state items of several scopes", () => {
  const db = useTestTable("changes-states", "test");

  it("reads each scope's state item in the scopes' order, an empty one for a scope with none", async () => {
    // Prepare
    await withScope("ml-1", () => markChanged(db.ref, "inventory"));
    await withScope("", () => markChanged(db.ref, ["inventory", "ads"]));

    // Act
    const states = await readStates(db.ref, ["ml-1", "ml-2", ""]);

    // Assess
    expect(states).toEqual([await withScope("ml-1", () => readState(db.ref)), {}, await withScope("", () => readState(db.ref))]);
    expect(countersOf(states[0]!, ["inventory", "ads"])).toEqual({ inventory: 1, ads: 0 });
    expect(countersOf(states[2]!, ["inventory", "ads"])).toEqual({ inventory: 1, ads: 1 });
  });
});

describe("changes every seller's views depend on", () => {
  const db = useTestTable("changes-every-seller", "test");

  it("bumps a shared topic, a change of the business time zone, in every seller's scope, and an own topic in the writer's only", async () => {
    // Prepare
    const [first, second] = [await registerSeller(db.ref, { user_id: "111", nickname: "A" }), await registerSeller(db.ref, { user_id: "222", nickname: "B" })];
    const counters = async () => (await readStates(db.ref, [first.scope, second.scope])).map((state) => countersOf(state, ["inventory", "local_stock", "ads"]));

    // Act
    await withScope(first.scope, () => markChanged(db.ref, ["local_stock", "ads"]));
    await withScope(second.scope, () => writeGroupEntries(db.ref, "geral", { entries: { fuso_horario: { value: "America/Manaus", description: null } }, recorded: false }));

    // Assess
    expect(await counters()).toEqual([
      { inventory: 1, local_stock: 1, ads: 1 },
      { inventory: 1, local_stock: 1, ads: 0 },
    ]);
  });
});
