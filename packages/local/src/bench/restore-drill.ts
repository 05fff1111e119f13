import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { TABLE_SCHEMA } from "@fulfillment/functions/storage/keys";
import { backupTable } from "../backup/backup.js";
import { canonicalJson, itemToFile } from "../backup/format.js";
import { restoreTable } from "../backup/restore.js";
import { progress, type Report } from "./report.js";
import type { TargetVerdict } from "./summary.js";

/** The limit for each of backup and restore of 100,000 records, locally. */
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

/** Each item's checksum by its key, read by a parallel scan: two tables compared without holding their items. */
async function itemChecksums(doc: DynamoDBDocumentClient, table: string): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  const segments = 4;
  await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      let startKey: Record<string, AttributeValue> | undefined;
      do {
        const page = await doc.send(new ScanCommand({ TableName: table, Segment: segment, TotalSegments: segments, ConsistentRead: true, ExclusiveStartKey: startKey }));
        for (const item of page.Items ?? []) {
          const key = `${item[TABLE_SCHEMA.partitionKey]!.S}\u0000${item[TABLE_SCHEMA.sortKey]!.S}`;
          sums.set(key, createHash("sha256").update(canonicalJson(itemToFile(item))).digest("hex"));
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }),
  );
  return sums;
}

/**
 * The restore drill on the bench's table: `npm run backup`'s backup of every item to a file, its
 * restore into a fresh table of the same engine, then every item compared. Backup and restore
 * are timed apart; the comparison is not timed.
 */
export async function measureRestoreDrill(report: Report, doc: DynamoDBDocumentClient, table: string, records: number): Promise<RestoreDrillFigures> {
  const dir = mkdtempSync(join(tmpdir(), "bench-restore-"));
  const file = join(dir, "backup.jsonl");
  const copy = `${table}-restored-${randomUUID().slice(0, 8)}`;
  try {
    progress(`restore drill: backup of the table at ${records} records`);
    let started = performance.now();
    const backup = await backupTable(doc, table, file, { source: "bench" });
    const backupS = (performance.now() - started) / 1000;

    progress(`restore drill: restore of ${backup.items} items into a fresh table`);
    await ensureTable(doc, copy);
    started = performance.now();
    await restoreTable(doc, copy, file);
    const restoreS = (performance.now() - started) / 1000;

    progress("restore drill: every item compared");
    const [original, restored] = [await itemChecksums(doc, table), await itemChecksums(doc, copy)];
    let differing = [...original].filter(([key, sum]) => restored.get(key) !== sum).length;
    differing += [...restored.keys()].filter((key) => !original.has(key)).length;

    const figures = { records, items: backup.items, backupS, restoreS, fileMb: backup.bytes / 1024 / 1024, differing };
    const n = `n${records}`;
    report.figure(`restore_drill.${n}.items`, figures.items, "items");
    report.figure(`restore_drill.${n}.file`, figures.fileMb, "MB");
    report.figure(`restore_drill.${n}.backup.wall`, backupS, "s");
    report.figure(`restore_drill.${n}.restore.wall`, restoreS, "s");
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
    { name: "restore_drill_backup", figure: `backup of ${f.records} records (${f.items} items) to a file`, value: f.backupS, unit: "s", limit, met: f.backupS <= RESTORE_DRILL_LIMIT_S },
    { name: "restore_drill_restore", figure: `restore of ${f.items} items into a fresh table`, value: f.restoreS, unit: "s", limit, met: f.restoreS <= RESTORE_DRILL_LIMIT_S },
    { name: "restore_drill_equal", figure: "items differing after the round trip", value: f.differing, unit: "items", limit: "= 0", met: f.differing === 0 },
  ];
}
