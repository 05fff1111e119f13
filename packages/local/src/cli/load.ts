import { readFile } from "node:fs/promises";
import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { writeDataset } from "../loader/load.js";
import { DatasetError, parseDataset, type Dataset } from "../loader/schema.js";
import { describeTarget, loadTarget, parseLoadArgs, targetClient, type LoadArgs, type LoadTarget } from "./load-target.js";
import { describeLoadFailure } from "./load-failure.js";
import { callerAccount } from "./aws-account.js";

/**
 * A deployed table comes from its stack: never created here, only checked, and only after the
 * account, region and table are printed, so nobody writes to AWS without seeing where.
 */
async function prepareTable(doc: DynamoDBDocumentClient, target: LoadTarget): Promise<void> {
  if (target.kind === "local") return ensureTable(doc, target.table);
  const account = await callerAccount(target.region);
  console.log(`Writing to AWS: account ${account}, region ${target.region}, table ${target.table}`);
  await doc.send(new DescribeTableCommand({ TableName: target.table }));
}

/** npm run load -- [--stage <stage>] FILE.json: validates the file, then upserts it into the table. */
async function main(): Promise<number> {
  let args: LoadArgs;
  let target: LoadTarget;
  try {
    args = parseLoadArgs(process.argv.slice(2));
    target = loadTarget(args);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(await readFile(args.file, "utf8"));
  } catch (error) {
    console.error(`Cannot read ${args.file} as JSON: ${(error as Error).message}`);
    return 1;
  }
  let dataset: Dataset;
  try {
    dataset = parseDataset(input);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const doc = targetClient(target);
  try {
    await prepareTable(doc, target);
    const summary = await writeDataset({ doc, table: target.table }, dataset);
    console.log(`Loaded ${args.file} into ${describeTarget(target)}: ${Object.entries(summary).map(([k, n]) => `${k} ${n}`).join(", ")}`);
    return 0;
  } catch (error) {
    console.error(error instanceof DatasetError ? error.message : describeLoadFailure(error, target, args.stage));
    return 1;
  }
}

process.exitCode = await main();
