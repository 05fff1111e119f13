import { join } from "node:path";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { awsRegion } from "@fulfillment/functions/config/env";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { localConfig, type LocalConfig } from "../config.js";
import { ACCESS_KEY_FILE, endpointAccessKey, memoryAccessKeyPath } from "../engine/access-key.js";
import { startLocalEngine } from "../engine/local-engine.js";
import { canListen } from "../engine/ports.js";
import { createGateway, warmHandler } from "../gateway/server.js";
import { createThrottle } from "../gateway/throttle.js";
import { NOTIFICATIONS_ROUTE, routeOf } from "@fulfillment/functions/routes";
import { accessLineWriter } from "../gateway/access-log.js";
import { useConcurrentInvocations } from "../gateway/invocation.js";
import { docsRoutes } from "../docs.js";
import { consoleRoutes, CONSOLE_PATH, prepareConsole } from "../gateway/static.js";
import { loadDataset } from "../loader/load.js";
import { refreshEverySeller } from "@fulfillment/functions/services/read-model/refresh";
import { generateDemoDataset } from "../demo/generate.js";
import { startLocalMarketplace, type LocalMarketplace } from "../marketplace.js";
import { scheduleAlertDigests, scheduleDailySync, scheduleMissedFeeds, type DailySchedule } from "../schedule.js";
import { useLocalNotificationQueue } from "../notifications/queue.js";
import { removeSandboxAddress, writeSandboxAddress } from "../sandbox/address.js";
import { Alerts } from "@fulfillment/core";
import { recordAlerts } from "@fulfillment/functions/services/alerts/record";
import { syncStepsTable, useLocalSyncMachine } from "../sync/machine.js";
import { renderLogsReadable } from "./readable-logs.js";
import { startLocalIdentityProvider } from "../identity/provider.js";
import { CONSOLE_SCOPE, LOCAL_ERP_CLIENT, LOCAL_USERS } from "../identity/identities.js";
import { jwtAuthorizer } from "../gateway/jwt-authorizer.js";

const portInUse = (port: number): string =>
  `Start failed: PORT ${port} on 127.0.0.1 is in use by another process: stop it or set PORT to a free port`;

const lastLine = (text: string): string => text.trim().split("\n").at(-1) ?? "";

/** npm start: engine, table, demo data, sandbox marketplace, daily schedule and the HTTP API. */
async function main(): Promise<void> {
  let config: LocalConfig;
  try {
    config = localConfig();
  } catch (error) {
    console.error(`Start failed: ${(error as Error).message}`);
    process.exit(2);
  }
  // Before anything else: the port the API needs, in one line, before any data is touched.
  if (!(await canListen(config.port))) {
    console.error(portInUse(config.port));
    process.exit(1);
  }
  renderLogsReadable(process.stdout);
  renderLogsReadable(process.stderr);
  // Before the first AWS SDK request, which would otherwise install a single-invocation store.
  await useConcurrentInvocations();

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
    let accessKeyId = endpointAccessKey(config.dynamoAccessKey, config.dataDir);
    if (!endpoint) {
      const engine = await startLocalEngine({
        port: config.dynamoPort,
        dataDir: config.dataDir,
        heapMb: config.dynamoHeapMb,
        jvmOptions: config.dynamoJvmOptions,
        region: awsRegion(),
        log: (line) => console.log(line),
      });
      stops.push(() => engine.stop());
      // Serving 500s on top of a dead engine helps nobody: say so and stop.
      void engine.exited.then((exit) => {
        if (stopping) return;
        const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
        console.error(
          `DynamoDB Local (pid ${engine.pid}) stopped unexpectedly (${how})${exit.stderr ? `: ${lastLine(exit.stderr)}` : ""}. ` +
            "The API cannot answer without it: npm start stops; start it again to go on.",
        );
        void stop(1);
      });
      endpoint = engine.endpoint;
      accessKeyId = engine.accessKeyId;
      console.log(
        config.dataDir === "memory"
          ? `DynamoDB Local on ${endpoint}, in memory, access key in ${memoryAccessKeyPath(config.dynamoPort)} while it runs (pid ${engine.pid})`
          : `DynamoDB Local on ${endpoint}, data in ${config.dataDir}, access key in ${join(config.dataDir, ACCESS_KEY_FILE)} (pid ${engine.pid})`,
      );
    }
    // The handler modules read these on first use, exactly as they would in Lambda.
    process.env.DYNAMODB_ENDPOINT = endpoint;
    process.env.DYNAMODB_ACCESS_KEY = accessKeyId;
    process.env.TABLE_NAME = config.tableName;
    process.env.DYNAMODB_BULK_WRITES = config.bulkWrites;
    const ref: TableRef = { doc: createDocumentClient({ endpoint, accessKeyId }), table: config.tableName };
    useTable(ref);
    // Set-up and the demo load wait longer than a request would: a fresh engine starts slowly.
    const setup: TableRef = { doc: createDocumentClient({ endpoint, accessKeyId, budget: ADMIN_TIME_BUDGET }), table: config.tableName };
    await ensureTable(setup.doc, setup.table);

    const empty = ((await setup.doc.send(new ScanCommand({ TableName: setup.table, Limit: 1 }))).Items ?? []).length === 0;
    if (config.demo && empty) {
      const summary = await loadDataset(setup, generateDemoDataset());
      console.log(`Loaded the demo dataset: ${Object.entries(summary).map(([k, n]) => `${k} ${n}`).join(", ")}`);
    } else {
      // Data stored by an earlier version, or loaded by a process that stopped early, gets its views now (every seller's).
      await refreshEverySeller(ref);
    }

    const marketplace: LocalMarketplace = await startLocalMarketplace(ref, config);
    stops.push(() => marketplace.stop());

    // POST /full/sync and the daily schedule run the sync state machine's definition in-process.
    // Its steps on a client of their own: the API's reads never wait for a connection behind a run's writes.
    useLocalSyncMachine({ steps: syncStepsTable({ endpoint, accessKeyId, table: config.tableName }) });
    const schedule: DailySchedule = scheduleDailySync();
    stops.push(() => schedule.stop());
    const digests: DailySchedule = scheduleAlertDigests();
    stops.push(() => digests.stop());
    // Marketplace notifications wait in a local queue, consumed by the deployed consumer's handler.
    const notifications = useLocalNotificationQueue();
    stops.push(() => notifications.stop());
    const missedFeeds: DailySchedule = scheduleMissedFeeds();
    stops.push(() => missedFeeds.stop());
    // The alerts of the data as it starts: one digest line of what changed since the last run.
    const alertEvents = await recordAlerts(ref);
    console.log(`Alert digest: ${Alerts.eventsSummary(alertEvents)}`);

    await prepareConsole();
    const url = `http://127.0.0.1:${config.port}`;
    const identity =
      config.authMode === "jwt"
        ? await startLocalIdentityProvider({ port: config.oidcPort, apiUrl: url, consoleUrl: `${url}${CONSOLE_PATH}`, accessTokenSeconds: config.accessTokenSeconds, grantsFile: config.identityGrantsFile }).catch(
            (error: NodeJS.ErrnoException) => {
              throw error.code === "EADDRINUSE" ? new Error(`OIDC_PORT ${config.oidcPort} on 127.0.0.1 is in use by another process: stop it or set OIDC_PORT to a free port`) : error;
            },
          )
        : undefined;
    if (identity) stops.push(() => identity.stop());
    const server = createGateway({
      extra: [
        ...docsRoutes({ localUrl: url }),
        ...consoleRoutes(identity ? { signIn: { issuer: identity.issuer, clientId: identity.consoleClientId, scope: CONSOLE_SCOPE } } : {}),
      ],
      log: (line) => console.error(line),
      access: accessLineWriter(),
      ...(identity ? { authorize: jwtAuthorizer({ issuer: identity.issuer, audience: [identity.audience] }) } : {}),
      throttle: createThrottle(config.throttling),
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, "127.0.0.1", () => resolve());
    }).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "EADDRINUSE" ? new Error(portInUse(config.port).replace(/^Start failed: /, "")) : error;
    });
    stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    server.closeIdleConnections?.();
    if (marketplace.notifyTo) {
      // The sandbox notifies the service of every operation it records (npm run sandbox -- sale|reception).
      // The marketplace gives a callback 500 ms: its handler is loaded before the first notification.
      const notificationRoute = routeOf(NOTIFICATIONS_ROUTE);
      await warmHandler(notificationRoute);
      marketplace.notifyTo(`${url}${notificationRoute.path}`);
      writeSandboxAddress(config.port, marketplace.url);
      stops.push(() => removeSandboxAddress(config.port));
    }
    if (identity) {
      console.log(`Fulfillment API listening on ${url}, every route but the marketplace callback needs a token from ${identity.issuer} (AUTH_MODE=jwt)`);
      console.log(`  people: ${LOCAL_USERS.map((user) => `${user.username} / ${user.password} (${user.group})`).join(", ")}`);
      console.log(`  ERP client (client credentials): ${LOCAL_ERP_CLIENT.clientId} / ${LOCAL_ERP_CLIENT.clientSecret}, scopes ${LOCAL_ERP_CLIENT.scopes.join(" ")}`);
    } else {
      console.log(`Fulfillment API listening on ${url}, open: no sign-in, loopback only (AUTH_MODE=jwt to check tokens)`);
    }
    console.log(`API reference on ${url}/docs`);
    console.log(`Operations console on ${url}${CONSOLE_PATH}`);
    if (marketplace.notifyTo) console.log(`Sandbox marketplace on ${marketplace.url}: npm run sandbox -- sale|reception <ad_id> <qty> records a stock operation`);
  } catch (error) {
    console.error(`Start failed: ${(error as Error).message}`);
    await stop(1);
  }
}

await main();
