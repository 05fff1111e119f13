import { parseArgs } from "node:util";
import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { awsRegion, type BulkWriteMode } from "@fulfillment/functions/config/env";
import { ADMIN_TIME_BUDGET, type TimeBudget } from "@fulfillment/functions/storage/time-budget";
import { createDocumentClient } from "@fulfillment/functions/storage/client";
import { stageTableName } from "@fulfillment/stacks/names";
import { localConfig, type LocalConfig } from "../config.js";
import { accessKeyPath, endpointAccessKey, readAccessKey } from "../engine/access-key.js";
import { runningMemoryEngineKey } from "../engine/local-engine.js";
import { callerAccount } from "./aws-account.js";

export const LOAD_USAGE = "Usage: npm run load -- [--stage <stage>] FILE.json";

/** A command line that cannot be run as given; the message says why and how. */
export class TableUsageError extends Error {
  constructor(message: string, usage: string) {
    super(`${message}\n${usage}`);
    this.name = "TableUsageError";
  }
}

export class LoadUsageError extends TableUsageError {
  constructor(message: string) {
    super(message, LOAD_USAGE);
    this.name = "LoadUsageError";
  }
}

/**
 * The command that reaches the table (load, backup, restore): its usage line, and what it does
 * there in words ("load into"), so each names itself when the table cannot be found.
 */
export interface TableCommand {
  usage: string;
  action: string;
}

const LOAD_COMMAND: TableCommand = { usage: LOAD_USAGE, action: "load into" };

const usageError = (command: TableCommand, message: string): TableUsageError =>
  command === LOAD_COMMAND ? new LoadUsageError(message) : new TableUsageError(message, command.usage);

/** A `--stage` value as every table command takes it. */
export function checkStageName(stage: string | undefined, command: TableCommand): void {
  if (stage !== undefined && !/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(stage)) {
    throw usageError(command, `--stage ${JSON.stringify(stage)} is not a stage name (letters, digits and hyphens).`);
  }
}

export interface LoadArgs {
  file: string;
  stage: string | undefined;
}

export function parseLoadArgs(argv: readonly string[]): LoadArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: { stage: { type: "string" } }; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: { stage: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new LoadUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new LoadUsageError(positionals.length === 0 ? "No dataset file given." : "Give one dataset file.");
  checkStageName(values.stage, LOAD_COMMAND);
  return { file: positionals[0]!, stage: values.stage };
}

/**
 * Where a load writes:
 * - `aws`: a deployed table, signed by the default AWS credential chain (environment, profile, SSO, role);
 * - `local`: a local engine, with that engine's access key (the fixed "local" key only when nothing better is known).
 */
export type LoadTarget =
  | { kind: "aws"; table: string; region: string }
  | { kind: "local"; table: string; endpoint: string; accessKeyId: string; bulkWrites: BulkWriteMode };

/**
 * `--stage` → that stage's table in AWS, and nothing else ever reaches AWS. Otherwise a local
 * engine, the table `TABLE_NAME`: `DYNAMODB_ENDPOINT` when set, else the engine `npm start` runs
 * on `DYNAMODB_PORT`.
 */
export function loadTarget<A extends { stage: string | undefined }>(args: A, env: NodeJS.ProcessEnv = process.env, command: TableCommand = LOAD_COMMAND): LoadTarget {
  const config = localConfig(env);
  if (args.stage !== undefined) {
    if (config.dynamoEndpoint) {
      throw usageError(command, `--stage means the ${args.stage} table in AWS, but DYNAMODB_ENDPOINT points at ${config.dynamoEndpoint}: unset one of them.`);
    }
    const table = stageTableName(args.stage);
    const explicitTable = env.TABLE_NAME || undefined;
    if (explicitTable && explicitTable !== table) {
      throw usageError(command, `--stage ${args.stage} means ${table}, but TABLE_NAME says ${explicitTable}: unset one of them.`);
    }
    return { kind: "aws", table, region: awsRegion(env) };
  }
  if (config.dynamoEndpoint) {
    return {
      kind: "local",
      table: config.tableName,
      endpoint: config.dynamoEndpoint,
      accessKeyId: endpointAccessKey(config.dynamoAccessKey, config.dataDir),
      bulkWrites: config.bulkWrites,
    };
  }
  const endpoint = `http://127.0.0.1:${config.dynamoPort}`;
  // Written as npm start writes to the engine it runs (DYNAMODB_BULK_WRITES, config.ts).
  return { kind: "local", table: config.tableName, endpoint, accessKeyId: config.dynamoAccessKey ?? startedEngineKey(config, Boolean(env.DATA_DIR), command), bulkWrites: config.bulkWrites };
}

/**
 * The key of the engine `npm start` runs on DYNAMODB_PORT. An in-memory engine keeps its key in
 * the runtime folder under its port while it runs, so a load finds it without being told
 * DATA_DIR=memory; a DATA_DIR given as a folder is that folder's key.
 */
function startedEngineKey(config: LocalConfig, dataDirGiven: boolean, command: TableCommand): string {
  const port = config.dynamoPort;
  if (config.dataDir === "memory" || !dataDirGiven) {
    const key = runningMemoryEngineKey(port);
    if (key) return key;
    if (config.dataDir === "memory") {
      throw usageError(
        command,
        `No in-memory engine runs on DYNAMODB_PORT ${port}: start one with DATA_DIR=memory npm start (with the same DYNAMODB_PORT), ` +
          "or set DYNAMODB_ENDPOINT to a running engine.",
      );
    }
  }
  const key = readAccessKey(config.dataDir);
  if (!key) {
    throw usageError(
      command,
      `No local engine to ${command.action}: no in-memory engine runs on DYNAMODB_PORT ${port} and ${accessKeyPath(config.dataDir)} does not exist. ` +
        "Start the engine with npm start (with the same DATA_DIR and DYNAMODB_PORT), or set DYNAMODB_ENDPOINT to a running engine, " +
        `or use --stage to ${command.action} a deployed stage.`,
    );
  }
  return key;
}

export function targetClient(target: LoadTarget, budget: Partial<TimeBudget> = ADMIN_TIME_BUDGET): DynamoDBDocumentClient {
  return target.kind === "local"
    ? createDocumentClient({ endpoint: target.endpoint, accessKeyId: target.accessKeyId, budget })
    : createDocumentClient({ endpoint: null, budget });
}

export const describeTarget = (target: LoadTarget): string =>
  target.kind === "local"
    ? `table ${target.table} on the local engine ${target.endpoint}`
    : `table ${target.table} in AWS (${target.region}, default AWS credentials)`;

/**
 * Makes sure the table is there before anything is read or written. A deployed table comes from
 * its stack: never created here, only checked, and only after the account, region and table are
 * printed ("Writing to AWS: …"), so nobody reaches AWS without seeing where. A local table is
 * created when missing.
 */
export async function prepareTarget(doc: DynamoDBDocumentClient, target: LoadTarget, doing: "Writing to" | "Reading from" = "Writing to"): Promise<void> {
  if (target.kind === "local") return ensureTable(doc, target.table);
  const account = await callerAccount(target.region);
  console.log(`${doing} AWS: account ${account}, region ${target.region}, table ${target.table}`);
  await doc.send(new DescribeTableCommand({ TableName: target.table }));
}
