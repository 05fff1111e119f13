import { join } from "node:path";
import { parseArgs } from "node:util";
import { checkStageName, TableUsageError, type TableCommand } from "../cli/load-target.js";

export const BACKUP_COMMAND: TableCommand = {
  usage: `Usage: npm run backup -- [FILE.jsonl]                                          (the local table, to a file)
       npm run backup -- --stage <stage> --bucket <bucket> [--prefix <prefix>]   (a point-in-time export of the stage's table to S3)`,
  action: "back up",
};

export const RESTORE_COMMAND: TableCommand = {
  usage: "Usage: npm run restore -- [--stage <stage>] [--force] FILE.jsonl",
  action: "restore into",
};

export type BackupArgs =
  | { kind: "file"; file: string | undefined; stage: undefined }
  | { kind: "export"; stage: string; bucket: string; prefix: string };

export interface RestoreArgs {
  file: string;
  stage: string | undefined;
  /** Restore into a table that already holds items. */
  force: boolean;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function parse<T>(read: () => T, command: TableCommand): T {
  try {
    return read();
  } catch (error) {
    throw new TableUsageError((error as Error).message, command.usage);
  }
}

export function parseBackupArgs(argv: readonly string[]): BackupArgs {
  const usage = (message: string) => new TableUsageError(message, BACKUP_COMMAND.usage);
  const { values, positionals } = parse(
    () => parseArgs({ args: [...argv], options: { stage: { type: "string" }, bucket: { type: "string" }, prefix: { type: "string" } }, allowPositionals: true, strict: true }),
    BACKUP_COMMAND,
  );
  const stage = values.stage;
  checkStageName(stage, BACKUP_COMMAND);
  if (positionals.length > 1) throw usage("Give one backup file.");
  if (stage === undefined) {
    if (values.bucket !== undefined || values.prefix !== undefined) throw usage("--bucket and --prefix go with --stage: a local backup is written to a file.");
    return { kind: "file", file: positionals[0], stage: undefined };
  }
  if (positionals.length > 0) throw usage("--stage exports to S3, not to a file: give --bucket instead of a file name.");
  const bucket = values.bucket;
  if (bucket === undefined) throw usage("--stage needs --bucket: the S3 bucket the export is written to (in the table's account; see docs/deployment.md).");
  if (!BUCKET.test(bucket)) throw usage(`--bucket ${JSON.stringify(bucket)} is not an S3 bucket name.`);
  const prefix = (values.prefix ?? `fulfillment/${stage}`).replace(/^\/+|\/+$/g, "");
  if (prefix === "") throw usage("--prefix cannot be empty.");
  return { kind: "export", stage, bucket, prefix };
}

/** Where a local backup goes when no file is named: backups/<table>-<UTC time>.jsonl. */
export const defaultBackupFile = (table: string, now = new Date()): string =>
  join("backups", `${table}-${now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.jsonl`);

export function parseRestoreArgs(argv: readonly string[]): RestoreArgs {
  const { values, positionals } = parse(
    () => parseArgs({ args: [...argv], options: { stage: { type: "string" }, force: { type: "boolean" } }, allowPositionals: true, strict: true }),
    RESTORE_COMMAND,
  );
  const stage = values.stage;
  checkStageName(stage, RESTORE_COMMAND);
  if (positionals.length !== 1) {
    throw new TableUsageError(positionals.length === 0 ? "No backup file given." : "Give one backup file.", RESTORE_COMMAND.usage);
  }
  return { file: positionals[0]!, stage, force: values.force === true };
}
