/**
 * The restore drill, as an operator runs it: `npm run backup` of a data folder's engine holding the
 * demo data, `npm run restore` of that file into a fresh engine, every item compared; a damaged
 * file and a table that already holds data are refused with nothing written.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchFolders } from "#test/scratch";
import { dumpTable, type StoredItem } from "#test/dump";
import { TEST_TIME_BUDGET } from "#test/table";
import { createDocumentClient, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { generateDemoDataset } from "../demo/generate.js";
import { loadDataset } from "../loader/load.js";
import { dataDirAccessKey } from "../engine/access-key.js";
import { freePort, startDynamoDbLocal, type RunningEngine } from "../engine/dynamodb-local.js";
import { BACKUP_FORMAT } from "./format.js";

const run = promisify(execFile);
const scratch = scratchFolders("restore-drill-");
const TABLE = "drill";

interface DataFolder {
  dir: string;
  port: number;
  engine: RunningEngine;
  ref: (table?: string) => TableRef;
}

const engines: RunningEngine[] = [];

/** A data folder with its engine running, as `npm start` leaves one (its key in the folder). */
async function dataFolder(): Promise<DataFolder> {
  const dir = scratch();
  const port = await freePort();
  const key = dataDirAccessKey(dir, "us-east-1");
  const engine = await startDynamoDbLocal({ port, dataDir: dir, heapMb: 256 });
  engines.push(engine);
  const doc = createDocumentClient({ endpoint: engine.endpoint, accessKeyId: key, budget: TEST_TIME_BUDGET });
  return { dir, port, engine, ref: (table = TABLE) => ({ doc, table }) };
}

/** Runs a command of package.json's scripts against a data folder, found as the operator's shell finds it. */
async function npmRun(script: "backup" | "restore", folder: DataFolder, args: string[], table = TABLE): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: folder.dir, DYNAMODB_PORT: String(folder.port), TABLE_NAME: table, DYNAMODB_ENDPOINT: "", DYNAMODB_ACCESS_KEY: "", AWS_REGION: "us-east-1" };
  const entry = `packages/local/src/cli/${script}.ts`;
  return run(process.execPath, ["--import", "tsx", entry, ...args], { env, timeout: 120_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/**
 * The demo data, every record kind, cut to its first records: an on-disk engine takes about a
 * second per batch of writes on a busy machine, and the drill is about the round trip, not size
 * (the bench times 100,000 records).
 */
function demoSlice(): unknown {
  const demo = generateDemoDataset({ today: "2026-11-20" });
  return Object.fromEntries(Object.entries(demo).map(([kind, records]) => [kind, kind === "tariffs" || kind === "settings" ? records : records.slice(0, 40)]));
}

let source: DataFolder;
let target: DataFolder;
let backupFile = "";
let original: StoredItem[] = [];

beforeAll(async () => {
  source = await dataFolder();
  await ensureTable(source.ref().doc, TABLE);
  await loadDataset(source.ref(), demoSlice());
  original = await dumpTable(source.ref());
  target = await dataFolder();
  backupFile = join(scratch(), "demo.jsonl");
}, 180_000);

afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()));
});

describe("npm run backup and npm run restore", { timeout: 180_000 }, () => {
  it("back up every item of a data folder and restore them, equal, into a fresh engine", async () => {
    // Act
    const backup = await npmRun("backup", source, [backupFile]);
    const restore = await npmRun("restore", target, [backupFile]);

    // Assess
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${original.length} items of table ${TABLE} on the local engine ${source.engine.endpoint}`);
    const lines = readFileSync(backupFile, "utf8").trimEnd().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: BACKUP_FORMAT, version: 1, table: TABLE });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true, items: original.length });
    expect(lines.slice(1, -1).every((line) => /^\{"sha256":"[0-9a-f]{64}","item":\{/.test(line))).toBe(true);
    // Binary values (the stored answers' deflated pages) make the round trip too.
    expect(lines.some((line) => line.includes('{"B":"'))).toBe(true);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${original.length} items of ${TABLE}`);
    expect(original.length).toBeGreaterThan(200);
    expect(await dumpTable(target.ref())).toEqual(original);
  });

  it("restores items near DynamoDB's 400 KB limit, more together than one transaction may write", async () => {
    // Prepare: 15 items of about 300 KB, 4.5 MB in all (a transaction takes at most 4 MB).
    const table = "drill-large";
    await ensureTable(source.ref().doc, table);
    const large = Array.from({ length: 15 }, (_, i) => ({ pk: `LARGE#${i}`, sk: "PAGE", body: `${i}`.repeat(300_000 / String(i).length) }));
    for (const Item of large) await source.ref().doc.send(new PutCommand({ TableName: table, Item }));
    const file = join(scratch(), "large.jsonl");

    // Act
    const backup = await npmRun("backup", source, [file], table);
    const restore = await npmRun("restore", target, [file], table);

    // Assess
    expect(backup.code, backup.stderr).toBe(0);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored 15 items of ${table}`);
    expect(await dumpTable(target.ref(table))).toEqual(await dumpTable(source.ref(table)));
  });

  it("refuses a file with a changed item, naming its line, and writes nothing", async () => {
    // Prepare: one value changed in the middle of the file, its checksum left as it was.
    const lines = readFileSync(backupFile, "utf8").split("\n");
    const line = lines.findIndex((text, index) => index >= lines.length / 2 && text.includes('"N":"'));
    const changed = lines[line]!.replace(/"N":"(\d)/, (_, digit: string) => `"N":"${(Number(digit) + 1) % 10}`);
    expect(changed).not.toBe(lines[line]);
    const damaged = join(scratch(), "damaged.jsonl");
    writeFileSync(damaged, [...lines.slice(0, line), changed, ...lines.slice(line + 1)].join("\n"));

    // Act
    const restore = await npmRun("restore", target, [damaged], "drill-damaged");

    // Assess
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`line ${line + 1}: the item does not match its checksum`);
    expect(restore.stderr).toContain("nothing was written");
    expect(await dumpTable(target.ref("drill-damaged"))).toEqual([]);
  });

  it("refuses a file cut short or with a line taken out, and writes nothing", async () => {
    // Prepare
    const lines = readFileSync(backupFile, "utf8").trimEnd().split("\n");
    const cut = join(scratch(), "cut.jsonl");
    writeFileSync(cut, `${lines.slice(0, -1).join("\n")}\n`);
    const missing = join(scratch(), "missing.jsonl");
    writeFileSync(missing, `${[...lines.slice(0, 3), ...lines.slice(4)].join("\n")}\n`);

    // Act
    const restoreCut = await npmRun("restore", target, [cut], "drill-cut");
    const restoreMissing = await npmRun("restore", target, [missing], "drill-cut");

    // Assess
    expect(restoreCut.code).toBe(1);
    expect(restoreCut.stderr).toContain(`line ${lines.length - 1}: the file ends without its trailer (cut short)`);
    expect(restoreMissing.code).toBe(1);
    expect(restoreMissing.stderr).toContain(`line ${lines.length - 1}: the trailer counts ${original.length} items, the file holds ${original.length - 1}`);
    expect(await dumpTable(target.ref("drill-cut"))).toEqual([]);
  });

  it("refuses a table that already holds items unless told --force", async () => {
    // Prepare: the restored table holds the data; one item changed since.
    const [first] = original;
    await target.ref().doc.send(new PutCommand({ TableName: TABLE, Item: { ...first, changed_after_backup: true } }));
    const before = await dumpTable(target.ref());

    // Act
    const refused = await npmRun("restore", target, [backupFile]);
    const afterRefusal = await dumpTable(target.ref());
    const forced = await npmRun("restore", target, ["--force", backupFile]);

    // Assess
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`table ${TABLE} on the local engine ${target.engine.endpoint} is not empty: nothing was written`);
    expect(refused.stderr).toContain("--force");
    expect(afterRefusal).toEqual(before);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await dumpTable(target.ref())).toEqual(original);
  });
});
