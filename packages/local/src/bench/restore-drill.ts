import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { backupTable, BULK_TIME_BUDGET } from "../backup/backup.js";
import { itemChecksums } from "../backup/checksums.js";
import { progressLine } from "../backup/progress.js";
import { restoreTable } from "../backup/restore.js";
import { localConfig } from "../config.js";
import { dataDirAccessKey } from "../engine/access-key.js";
import { freePort, startDynamoDbLocal } from "../engine/dynamodb-local.js";
import { progress, type Report } from "./report.js";
import type { TargetVerdict } from "./summary.js";

/** The issue's limit for each of backup and restore of 100,000 records, locally. */
export const RESTORE_DRILL_LIMIT_S = 120;

export interface RestoreDrillFigures {
  records: number;
  items: number;
  backupS: number;
  restoreS: number;
  fileMb: number;
  /** Items whose restored copy differs from the original, or that are missing on either side. */
  differing: number;
}

/** A progress line every 10 s: a drill at 100,000 records runs for minutes. */
const every10s = (doing: string) => progressLine((done: number, total?: number) => `restore drill: ${doing} ${done}${total ? ` of ${total}` : ""} items`, 10_000);

/**
 * The restore drill, on the default engine: the bench's table (any engine) written to a file,
 * then timed: `npm run restore`'s code loading that file into a fresh on-disk engine (a data
 * folder, as `npm start` runs it), and `npm run backup`'s code writing the restored table to a
 * second file. Every item of the two files is compared by key and checksum (not timed): the
 * first holds the original table, the second the restored one.
 */
export async function measureRestoreDrill(report: Report, source: DynamoDBDocumentClient, table: string, records: number): Promise<RestoreDrillFigures> {
  const dir = mkdtempSync(join(tmpdir(), "bench-restore-"));
  const original = join(dir, "original.jsonl");
  const copy = join(dir, "restored.jsonl");
  try {
    progress(`restore drill: the table at ${records} records to a file (set-up, not timed)`);
    const seed = await backupTable(source, table, original, { source: "bench", onProgress: every10s("read") });

    const dataDir = join(dir, "data");
    const accessKeyId = dataDirAccessKey(dataDir, "us-east-1");
    const engine = await startDynamoDbLocal({ port: await freePort(), dataDir, heapMb: localConfig().dynamoHeapMb });
    let backupS: number;
    let restoreS: number;
    let bytes: number;
    try {
      const doc = createDocumentClient({ endpoint: engine.endpoint, accessKeyId, budget: BULK_TIME_BUDGET });
      await ensureTable(doc, table);
      progress(`restore drill: restore of ${seed.items} items into a fresh on-disk engine`);
      let started = performance.now();
      await restoreTable(doc, table, original, { writes: "transactions", onProgress: every10s("restored") });
      restoreS = (performance.now() - started) / 1000;

      progress(`restore drill: backup of the restored table from the on-disk engine`);
      started = performance.now();
      const backup = await backupTable(doc, table, copy, { source: engine.endpoint, onProgress: every10s("backed up") });
      backupS = (performance.now() - started) / 1000;
      bytes = backup.bytes;
    } finally {
      await engine.stop();
    }

    progress("restore drill: every item compared");
    const [before, after] = [await itemChecksums(original), await itemChecksums(copy)];
    let differing = [...before].filter(([key, sum]) => after.get(key) !== sum).length;
    differing += [...after.keys()].filter((key) => !before.has(key)).length;

    const figures = { records, items: seed.items, backupS, restoreS, fileMb: bytes / 1024 / 1024, differing };
    const n = `n${records}`;
    report.figure(`restore_drill.${n}.items`, figures.items, "items");
    report.figure(`restore_drill.${n}.file`, figures.fileMb, "MB");
    report.figure(`restore_drill.${n}.restore.wall`, restoreS, "s");
    report.figure(`restore_drill.${n}.backup.wall`, backupS, "s");
    report.figure(`restore_drill.${n}.differing`, differing, "items");
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The drill's targets: each step within the limit, and every item equal after the round trip. */
export function restoreDrillTargets(f: RestoreDrillFigures): TargetVerdict[] {
  const limit = `≤ ${RESTORE_DRILL_LIMIT_S}`;
  return [
    { name: "restore_drill_backup", figure: `backup of ${f.records} records (${f.items} items) from an on-disk engine to a file`, value: f.backupS, unit: "s", limit, met: f.backupS <= RESTORE_DRILL_LIMIT_S },
    { name: "restore_drill_restore", figure: `restore of ${f.items} items into a fresh on-disk engine`, value: f.restoreS, unit: "s", limit, met: f.restoreS <= RESTORE_DRILL_LIMIT_S },
    { name: "restore_drill_equal", figure: "items differing after the round trip", value: f.differing, unit: "items", limit: "= 0", met: f.differing === 0 },
  ];
}
