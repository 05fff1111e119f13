import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { localConfig } from "../config.js";
import { startDynamoDbLocal, type RunningEngine } from "../engine/dynamodb-local.js";
import { createGateway } from "../gateway/server.js";
import { docsRoutes } from "../docs.js";
import { loadDataset } from "../loader/load.js";
import { generateDemoDataset } from "../demo/generate.js";
import { startLocalMarketplace, type LocalMarketplace } from "../marketplace.js";
import { scheduleDailySync, type DailySchedule } from "../schedule.js";

/** npm start: engine, table, demo data, sandbox marketplace, daily schedule and the HTTP API. */
async function main(): Promise<void> {
  const config = localConfig();
  const stops: (() => Promise<void> | void)[] = [];
  let stopping = false;
  const stop = async (code: number): Promise<never> => {
    if (!stopping) {
      stopping = true;
      for (const step of stops.reverse()) await Promise.resolve(step()).catch(() => undefined);
    }
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  try {
    let endpoint = config.dynamoEndpoint;
    if (!endpoint) {
      const engine: RunningEngine = await startDynamoDbLocal({ port: config.dynamoPort, dataDir: config.dataDir });
      stops.push(() => engine.stop());
      endpoint = engine.endpoint;
    }
    // The handler modules read these on first use, exactly as they would in Lambda.
    process.env.DYNAMODB_ENDPOINT = endpoint;
    process.env.TABLE_NAME = config.tableName;
    const ref: TableRef = { doc: createDocumentClient({ endpoint }), table: config.tableName };
    useTable(ref);
    await ensureTable(ref.doc, ref.table);

    const empty = ((await ref.doc.send(new ScanCommand({ TableName: ref.table, Limit: 1 }))).Items ?? []).length === 0;
    if (config.demo && empty) {
      const summary = await loadDataset(ref, generateDemoDataset());
      console.log(`Loaded the demo dataset: ${Object.entries(summary).map(([k, n]) => `${k} ${n}`).join(", ")}`);
    }

    const marketplace: LocalMarketplace = await startLocalMarketplace(ref, config);
    stops.push(() => marketplace.stop());

    const schedule: DailySchedule = scheduleDailySync();
    stops.push(() => schedule.stop());

    const url = `http://127.0.0.1:${config.port}`;
    const server = createGateway({ extra: docsRoutes({ localUrl: url }), log: (line) => console.error(line) });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, "127.0.0.1", () => resolve());
    });
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    server.closeIdleConnections?.();
    console.log(`Fulfillment API listening on ${url}`);
    console.log(`API reference on ${url}/docs`);
  } catch (error) {
    console.error(`Start failed: ${(error as Error).message}`);
    await stop(1);
  }
}

await main();
