import { describe, expect, it } from "vitest";
import { loadTarget, TableUsageError } from "../cli/load-target.js";
import { BACKUP_COMMAND, defaultBackupFile, parseBackupArgs, parseRestoreArgs, RESTORE_COMMAND } from "./args.js";
import { exportInstructions } from "./export.js";

/** The command lines of npm run backup and npm run restore, checked without an engine or AWS. */

describe("npm run backup arguments", () => {
  it("takes an optional file locally, and a bucket (with an optional prefix) with --stage", () => {
    expect(parseBackupArgs([])).toEqual({ kind: "file", file: undefined, stage: undefined });
    expect(parseBackupArgs(["out.jsonl"])).toEqual({ kind: "file", file: "out.jsonl", stage: undefined });
    expect(parseBackupArgs(["--stage", "prod", "--bucket", "acme-backups"])).toEqual({ kind: "export", stage: "prod", bucket: "acme-backups", prefix: "fulfillment/prod" });
    expect(parseBackupArgs(["--stage=prod", "--bucket=acme-backups", "--prefix", "/drills/2026/"])).toMatchObject({ prefix: "drills/2026" });
  });

  it("refuses an export without a bucket, a file with --stage, a bucket without --stage, and a bad bucket name", () => {
    expect(() => parseBackupArgs(["--stage", "prod"])).toThrow(/--stage needs --bucket/);
    expect(() => parseBackupArgs(["--stage", "prod", "--bucket", "b-1", "x.jsonl"])).toThrow(/not to a file/);
    expect(() => parseBackupArgs(["--bucket", "acme-backups"])).toThrow(/go with --stage/);
    expect(() => parseBackupArgs(["--stage", "prod", "--bucket", "Not_A_Bucket"])).toThrow(/not an S3 bucket name/);
    expect(() => parseBackupArgs(["--stage", "../prod", "--bucket", "acme-backups"])).toThrow(/not a stage name/);
    expect(() => parseBackupArgs(["a", "b"])).toThrow(TableUsageError);
  });

  it("names a file by table and time when none is given", () => {
    expect(defaultBackupFile("fulfillment-local", new Date("2026-11-27T12:03:04.567Z"))).toBe("backups/fulfillment-local-20261127T120304Z.jsonl");
  });

  it("says how to follow an export and where its files land", () => {
    const arn = "arn:aws:dynamodb:sa-east-1:123456789012:table/prod-fulfillment-Table/export/01700000000000-abcdef12";
    const lines = exportInstructions(arn, { table: "prod-fulfillment-Table", region: "sa-east-1", bucket: "acme-backups", prefix: "fulfillment/prod" });
    expect(lines).toContain(`  aws dynamodb describe-export --export-arn ${arn} --region sa-east-1`);
    expect(lines.join("\n")).toContain("s3://acme-backups/fulfillment/prod/AWSDynamoDB/01700000000000-abcdef12/");
  });
});

describe("npm run restore arguments", () => {
  it("takes one file, a stage and --force", () => {
    expect(parseRestoreArgs(["b.jsonl"])).toEqual({ file: "b.jsonl", stage: undefined, force: false });
    expect(parseRestoreArgs(["--stage", "prod", "--force", "b.jsonl"])).toEqual({ file: "b.jsonl", stage: "prod", force: true });
    expect(() => parseRestoreArgs([])).toThrow(/No backup file given/);
    expect(() => parseRestoreArgs(["--table", "x", "b.jsonl"])).toThrow(/Unknown option '--table'/);
  });

  it("finds the table as npm run load does, and names its own command when it cannot", () => {
    expect(loadTarget({ stage: "prod" }, { AWS_REGION: "sa-east-1" }, RESTORE_COMMAND)).toEqual({ kind: "aws", table: "prod-fulfillment-Table", region: "sa-east-1" });
    expect(() => loadTarget({ stage: "prod" }, { DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" }, RESTORE_COMMAND)).toThrow(/npm run restore/);
    expect(() => loadTarget({ stage: undefined }, { DATA_DIR: "/nonexistent-folder", DYNAMODB_PORT: "1" }, BACKUP_COMMAND)).toThrow(/No local engine to back up/);
  });
});
