import { RESTORE_COMMAND, parseRestoreArgs, type RestoreArgs } from "../backup/args.js";
import { BULK_TIME_BUDGET } from "../backup/backup.js";
import { BackupFileError } from "../backup/format.js";
import { progressLine } from "../backup/progress.js";
import { restoreTable, TableNotEmptyError } from "../backup/restore.js";
import { describeTarget, loadTarget, prepareTarget, targetClient, type LoadTarget } from "./load-target.js";
import { describeLoadFailure } from "./load-failure.js";

/**
 * npm run restore -- [--stage <stage>] [--force] FILE.jsonl: checks the whole backup file, then
 * loads it into an empty table (a non-empty one only with --force).
 */
async function main(): Promise<number> {
  let args: RestoreArgs;
  let target: LoadTarget;
  try {
    args = parseRestoreArgs(process.argv.slice(2));
    target = loadTarget(args, process.env, RESTORE_COMMAND);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const doc = targetClient(target, BULK_TIME_BUDGET);
  try {
    await prepareTarget(doc, target);
    const started = performance.now();
    const progress = progressLine((written: number, total: number) => `${written} of ${total} items restored`);
    // A local engine commits a transaction once and each item of a batch on its own (backup/writes.ts).
    const writes = target.kind === "local" ? "transactions" : "batches";
    const { items, header } = await restoreTable(doc, target.table, args.file, { force: args.force, writes, onProgress: progress });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Restored ${items} items of ${header.table} (backed up ${header.created_at}) into ${describeTarget(target)} in ${seconds} s`);
    return 0;
  } catch (error) {
    if (error instanceof BackupFileError) {
      console.error(`${args.file} ${error.message}: the file is refused, nothing was written.`);
    } else if (error instanceof TableNotEmptyError) {
      console.error(
        `${describeTarget(target)} is not empty: nothing was written. Restore into an empty table (a fresh DATA_DIR, or another TABLE_NAME), ` +
          "or add --force to write the backup's items over it (items with the same keys are replaced, the others stay).",
      );
    } else {
      console.error(describeLoadFailure(error, target, args.stage, "Restore into"));
    }
    return 1;
  }
}

process.exitCode = await main();
