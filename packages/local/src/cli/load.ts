import { readFile } from "node:fs/promises";
import { createDocumentClient } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { localConfig } from "../config.js";
import { writeDataset } from "../loader/load.js";
import { DatasetError, parseDataset, type Dataset } from "../loader/schema.js";

/** npm run load -- FILE.json: validates the file, then upserts it into the table. */
async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run load -- FILE.json");
    return 2;
  }
  let input: unknown;
  try {
    input = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    console.error(`Cannot read ${file} as JSON: ${(error as Error).message}`);
    return 1;
  }
  let dataset: Dataset;
  try {
    dataset = parseDataset(input);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const config = localConfig();
  const endpoint = config.dynamoEndpoint ?? `http://127.0.0.1:${config.dynamoPort}`;
  const doc = createDocumentClient({ endpoint });
  try {
    await ensureTable(doc, config.tableName);
    const summary = await writeDataset({ doc, table: config.tableName }, dataset);
    console.log(`Loaded ${file} into ${config.tableName}: ${Object.entries(summary).map(([k, n]) => `${k} ${n}`).join(", ")}`);
    return 0;
  } catch (error) {
    console.error(error instanceof DatasetError ? error.message : `Load failed: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
