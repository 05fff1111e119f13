import { resolve } from "node:path";
import { BACKUP_COMMAND, defaultBackupFile, parseBackupArgs, type BackupArgs } from "../backup/args.js";
import { backupTable, BULK_TIME_BUDGET } from "../backup/backup.js";
import { startPointInTimeExport } from "../backup/export.js";
import { progressLine } from "../backup/progress.js";
import { describeTarget, loadTarget, prepareTarget, targetClient, type LoadTarget } from "./load-target.js";
import { describeLoadFailure } from "./load-failure.js";

/**
 * npm run backup -- [FILE.jsonl]: every item of the local table to a checksummed file.
 * npm run backup -- --stage <stage> --bucket <bucket>: a point-in-time export of the stage's table to S3.
 */
async function main(): Promise<number> {
  let args: BackupArgs;
  let target: LoadTarget;
  try {
    args = parseBackupArgs(process.argv.slice(2));
    target = loadTarget(args, process.env, BACKUP_COMMAND);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const doc = targetClient(target, BULK_TIME_BUDGET);
  try {
    if (args.kind === "export" && target.kind === "aws") {
      await prepareTarget(doc, target, "Reading from");
      const started = await startPointInTimeExport(doc, { table: target.table, region: target.region, bucket: args.bucket, prefix: args.prefix });
      for (const line of started.instructions) console.log(line);
      return 0;
    }
    if (target.kind !== "local" || args.kind !== "file") throw new Error("a file backup reads a local table only");
    const file = resolve(args.file ?? defaultBackupFile(target.table));
    await prepareTarget(doc, target, "Reading from");
    const started = performance.now();
    const progress = progressLine((items: number) => `${items} items written to ${file}`);
    const summary = await backupTable(doc, target.table, file, { source: target.endpoint, onProgress: progress });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Backed up ${summary.items} items of ${describeTarget(target)} to ${file} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB, sha256 ${summary.sha256}) in ${seconds} s`);
    console.log(`Restore it with: npm run restore -- ${file}`);
    return 0;
  } catch (error) {
    console.error(describeLoadFailure(error, target, args.stage, "Backup of"));
    return 1;
  }
}

process.exitCode = await main();
