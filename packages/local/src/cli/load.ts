import { readFile } from "node:fs/promises";
import { writeDataset } from "../loader/load.js";
import { DatasetError, parseDataset, type Dataset } from "../loader/schema.js";
import { describeTarget, loadTarget, parseLoadArgs, prepareTarget, targetClient, type LoadArgs, type LoadTarget } from "./load-target.js";
import { describeLoadFailure } from "./load-failure.js";

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
    await prepareTarget(doc, target);
    const summary = await writeDataset({ doc, table: target.table, ...(target.kind === "local" ? { bulkWrites: target.bulkWrites } : {}) }, dataset);
    console.log(`Loaded ${args.file} into ${describeTarget(target)}: ${Object.entries(summary).map(([k, n]) => `${k} ${n}`).join(", ")}`);
    return 0;
  } catch (error) {
    console.error(error instanceof DatasetError ? error.message : describeLoadFailure(error, target, args.stage));
    return 1;
  }
}

process.exitCode = await main();
