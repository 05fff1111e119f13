/**
 * npm run bench (CONTRACTS section 6): generates its data into a fresh in-memory DynamoDB Local,
 * measures every figure after a warm-up and prints one `name value unit` line per figure, then
 * tables. BENCH_QUICK=1 runs the same steps on smaller sizes with fewer iterations.
 */
import { cpus, loadavg } from "node:os";
import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { DAILY_SYNC_HANDLER, ROUTES } from "@fulfillment/functions/routes";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { freePort, startDynamoDbLocal, type RunningEngine } from "../engine/dynamodb-local.js";
import { loadDataset } from "../loader/load.js";
import { meterCapacity, type CapacityMeter } from "./capacity.js";
import { timeCalculators } from "./core.js";
import { measureColdStarts, nodeBaselineMs } from "./cold-start.js";
import { adId, fixedRecords, inventoryId, isLeftover, sizedRecords, VIEWED_INDEX } from "./dataset.js";
import { apiEvent, call, getEndpoints, handlerFile, lambdaContext, REPO_ROOT, type BenchEndpoint } from "./endpoints.js";
import { CHAINED_FLOORS, FLOORS, type FloorContext } from "./floors.js";
import { Report, table } from "./report.js";
import { summarize, timed, type Summary } from "./stats.js";
import { measureSync } from "./sync.js";

interface Stage {
  size: number;
  /** Which endpoints get latency and floor figures at this size. */
  latency?: "all" | "large";
  iterations?: number;
  warmup?: number;
  capacity?: "all" | "detail";
  payload?: boolean;
}

const QUICK = process.env.BENCH_QUICK === "1";

const PLAN = QUICK
  ? {
      stages: [
        { size: 200, latency: "all", iterations: 5, warmup: 2, capacity: "detail" },
        { size: 1_000, latency: "all", iterations: 5, warmup: 2, capacity: "all", payload: true },
        { size: 2_000, payload: true },
        { size: 3_000, latency: "large", iterations: 3, warmup: 1 },
      ] satisfies Stage[],
      coreRecords: 10_000,
      coreRuns: 3,
      spawns: 3,
      syncAds: 200,
    }
  : {
      stages: [
        { size: 1_000, latency: "all", iterations: 20, warmup: 5, capacity: "detail" },
        { size: 10_000, latency: "all", iterations: 20, warmup: 2, capacity: "all", payload: true },
        { size: 20_000, payload: true },
        { size: 30_000, latency: "large", iterations: 4, warmup: 1 },
      ] satisfies Stage[],
      coreRecords: 100_000,
      coreRuns: 5,
      spawns: 6,
      syncAds: 2_000,
    };

/** The size whose figures the targets are checked on. */
const MAIN_SIZE = PLAN.stages.find((s) => s.capacity === "all")!.size;
const SYNC_LATENCY_MS = 50;
const LARGE_ROUTES = new Set(["GET /full/inventory", "GET /full/overview", "GET /full/replenishment"]);

const SMALL_ENDPOINT_BUDGET_MS = 1_000;
const MAX_ROUNDS = 100;

const progress = (message: string): void => void process.stderr.write(`… ${message}\n`);

interface LatencyResult {
  handler: Summary;
  floor?: Summary;
  /** The floor read in the order the key design imposes (see CHAINED_FLOORS). */
  chained?: Summary;
}

/** Handler and floor calls interleaved, so all see the same engine state. */
async function measureLatency(endpoint: BenchEndpoint, ctx: FloorContext, stage: Stage): Promise<LatencyResult> {
  const runs: [keyof LatencyResult, () => Promise<unknown>][] = [["handler", () => call(endpoint.handler, endpoint.request)]];
  const floor = FLOORS[endpoint.key];
  const chained = CHAINED_FLOORS[endpoint.key];
  if (floor) runs.push(["floor", () => floor(ctx)]);
  if (chained) runs.push(["chained", () => chained(ctx)]);
  for (let i = 0; i < (stage.warmup ?? 1); i++) for (const [, run] of runs) await run();
  const samples = new Map<keyof LatencyResult, number[]>(runs.map(([name]) => [name, []]));
  // Cheap endpoints get more rounds (up to a time budget): their millisecond figures need them to settle.
  const started = performance.now();
  const enough = (i: number): boolean =>
    i >= (stage.iterations ?? 5) && (i >= MAX_ROUNDS || performance.now() - started >= SMALL_ENDPOINT_BUDGET_MS);
  for (let i = 0; !enough(i); i++) {
    // Rotating which goes first cancels any order effect (a GC owed by another, a warm cache).
    for (let j = 0; j < runs.length; j++) {
      const [name, run] = runs[(i + j) % runs.length]!;
      samples.get(name)!.push(await timed(run));
    }
  }
  return Object.fromEntries([...samples].map(([name, values]) => [name, summarize(values)])) as unknown as LatencyResult;
}

/** GET /full/inventory asking for gzip, as browsers do; above ~11,000 records the only way to get it. */
const gzipVariant = (endpoint: BenchEndpoint): BenchEndpoint => ({
  ...endpoint,
  name: `${endpoint.name}_gzip`,
  request: { ...endpoint.request, headers: { "accept-encoding": "gzip" } },
});

/** What a stage measures: every GET endpoint, or the large ones; the list also gzip-encoded. */
function latencyTargets(endpoints: BenchEndpoint[], scope: "all" | "large"): BenchEndpoint[] {
  const targets: BenchEndpoint[] = [];
  for (const endpoint of endpoints) {
    const large = LARGE_ROUTES.has(endpoint.key);
    if (scope === "large" && !large) continue;
    const list = endpoint.key === "GET /full/inventory";
    // At the large size the plain list is over the Lambda payload limit (answered 406): only gzip is measured.
    if (!(list && scope === "large")) targets.push(endpoint);
    if (list) targets.push(gzipVariant(endpoint));
  }
  return targets;
}

interface CapacityResult {
  calls: number;
  capacityUnits: number;
  kinds: string[];
}

async function measureCapacity(endpoint: BenchEndpoint, meter: CapacityMeter): Promise<CapacityResult> {
  meter.reset();
  await call(endpoint.handler, endpoint.request);
  return { calls: meter.calls, capacityUnits: meter.capacityUnits, kinds: [...meter.kinds].sort() };
}

/** GET /full/inventory's body size, plain and gzip-encoded, through the handler. */
async function measurePayload(endpoint: BenchEndpoint): Promise<{ plainBytes: number; plainStatus: number; gzipBytes: number }> {
  const plain = await endpoint.handler(apiEvent(endpoint.request), lambdaContext());
  const gzip = await endpoint.handler(apiEvent({ ...endpoint.request, headers: { "accept-encoding": "gzip" } }), lambdaContext());
  const gzipBody = Buffer.from(gzip.body ?? "", gzip.isBase64Encoded ? "base64" : "utf8");
  const json = gzip.isBase64Encoded ? gunzipSync(gzipBody) : gzipBody;
  return {
    // A plain answer over the Lambda limit is refused (406): the size is that of the JSON it would have sent.
    plainBytes: plain.statusCode === 200 ? Buffer.byteLength(plain.body ?? "") : json.length,
    plainStatus: plain.statusCode ?? 0,
    gzipBytes: gzipBody.length,
  };
}

function machineLine(): string {
  const cpu = cpus()[0]?.model ?? "unknown";
  return `# machine: ${cpu}, ${cpus().length} cores, Node ${process.version}, ${QUICK ? "BENCH_QUICK=1 (reduced sizes)" : "full run"}`;
}

/** Other work on the machine slows every figure; the load average says how busy it was. */
const loadLine = (when: string): string => `# load average ${when}: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`;

async function main(): Promise<void> {
  const started = performance.now();
  const report = new Report();
  console.log(machineLine());
  console.log(loadLine("at start"));

  progress("starting DynamoDB Local (in memory)");
  const engine: RunningEngine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory" });
  try {
    process.env.DYNAMODB_ENDPOINT = engine.endpoint;
    const tableName = `bench-${randomUUID()}`;
    process.env.TABLE_NAME = tableName;
    const ref: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint }), table: tableName };
    const metered: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint }), table: tableName };
    const meter = meterCapacity(metered.doc);
    const floorDoc = createDocumentClient({ endpoint: engine.endpoint });
    await ensureTable(ref.doc, tableName);
    useTable(ref);

    const today = await businessToday(ref);
    await loadDataset(ref, fixedRecords(today));
    const endpoints = await getEndpoints({ ad_id: adId(VIEWED_INDEX), group: "geral" });

    const latency = new Map<string, LatencyResult>(); // `${name}@${size}`
    const capacity = new Map<string, CapacityResult>();
    const payloads: { size: number; plainBytes: number; plainStatus: number; gzipBytes: number }[] = [];
    let loaded = 0;
    for (const stage of PLAN.stages) {
      progress(`loading records ${loaded}..${stage.size}`);
      await loadDataset(ref, sizedRecords(loaded, stage.size));
      loaded = stage.size;
      const n = `n${stage.size}`;
      const ctx: FloorContext = {
        doc: floorDoc,
        table: tableName,
        otherAdIds: Array.from({ length: stage.size }, (_, i) => i).filter(isLeftover).map(adId),
        viewedAdId: adId(VIEWED_INDEX),
        viewedInventoryIds: [inventoryId(VIEWED_INDEX)],
        today,
      };

      if (stage.latency) {
        for (const endpoint of latencyTargets(endpoints, stage.latency)) {
          progress(`latency ${endpoint.name} at ${stage.size}`);
          const result = await measureLatency(endpoint, ctx, stage).catch((error: Error) => {
            // A failed endpoint (a timeout on a loaded machine) is reported, and the other figures still measured.
            console.log(`# ${endpoint.key} at ${stage.size} failed: ${error.message}`);
            return undefined;
          });
          if (!result) continue;
          latency.set(`${endpoint.name}@${stage.size}`, result);
          report.figure(`latency.${endpoint.name}.${n}.p50`, result.handler.p50, "ms");
          report.figure(`latency.${endpoint.name}.${n}.p95`, result.handler.p95, "ms");
          if (result.floor) {
            report.figure(`floor.${endpoint.name}.${n}.p50`, result.floor.p50, "ms");
            report.figure(`floor_ratio.${endpoint.name}.${n}`, result.handler.p50 / result.floor.p50, "x");
          }
          if (result.chained) {
            report.figure(`floor_chained.${endpoint.name}.${n}.p50`, result.chained.p50, "ms");
            report.figure(`floor_chained_ratio.${endpoint.name}.${n}`, result.handler.p50 / result.chained.p50, "x");
          }
        }
      }

      if (stage.capacity) {
        useTable(metered);
        try {
          for (const endpoint of endpoints) {
            if (stage.capacity === "detail" && endpoint.key !== "GET /full/inventory/{ad_id}") continue;
            const result = await measureCapacity(endpoint, meter);
            capacity.set(`${endpoint.name}@${stage.size}`, result);
            report.figure(`capacity.${endpoint.name}.${n}`, result.capacityUnits, "RCU");
            report.figure(`calls.${endpoint.name}.${n}`, result.calls, "calls");
          }
        } finally {
          useTable(ref);
        }
      }

      if (stage.payload) {
        const list = endpoints.find((e) => e.key === "GET /full/inventory")!;
        const result = await measurePayload(list);
        payloads.push({ size: stage.size, ...result });
        report.figure(`payload.full_inventory.${n}.plain`, result.plainBytes, "bytes");
        report.figure(`payload.full_inventory.${n}.plain_status`, result.plainStatus, "http");
        report.figure(`payload.full_inventory.${n}.gzip`, result.gzipBytes, "bytes");
      }
    }

    progress(`core calculators at ${PLAN.coreRecords} records`);
    const core = await timeCalculators(PLAN.coreRecords, PLAN.coreRuns);
    for (const [name, ms] of Object.entries(core)) {
      report.figure(`core.${name}.n${PLAN.coreRecords}`, ms.wallMs, "ms");
      report.figure(`core.${name}.n${PLAN.coreRecords}.cpu`, ms.cpuMs, "ms");
    }

    progress(`sync of ${PLAN.syncAds} Full ads at ${SYNC_LATENCY_MS} ms per marketplace call`);
    const sync = await measureSync(engine.endpoint, today, PLAN.syncAds, SYNC_LATENCY_MS, ref);
    report.figure(`sync.n${sync.ads}.wall`, sync.wallMs / 1000, "s");
    report.figure(`sync.n${sync.ads}.marketplace_calls`, sync.marketplaceCalls, "calls");
    report.figure(`sync.n${sync.ads}.inventories`, sync.inventories, "records");
    report.figure(`sync.n${sync.ads}.failed`, sync.failed, "ads");

    progress("bundling handlers and timing their import in fresh processes");
    const handlerEntries = [...new Set([...ROUTES.map((r) => r.handler), DAILY_SYNC_HANDLER])].map((handler) => {
      const file = handlerFile(handler);
      return { name: file.slice(`${REPO_ROOT}/packages/functions/src/handlers/`.length).replace(/\.ts$/, ""), file };
    });
    const floorEntry = { name: "floor", file: new URL("./cold-start-floor.ts", import.meta.url).pathname };
    const baseline = await nodeBaselineMs(PLAN.spawns);
    const bundles = await measureColdStarts([floorEntry, ...handlerEntries], PLAN.spawns);
    report.figure("cold.node_baseline.process", baseline, "ms");
    for (const figures of bundles) {
      const name = figures.name.replace(/\//g, ".");
      report.figure(`cold.${name}.bundle`, figures.initBytes / 1024, "KB");
      report.figure(`cold.${name}.bundle_total`, figures.totalBytes / 1024, "KB");
      report.figure(`cold.${name}.import`, figures.importMs, "ms");
      report.figure(`cold.${name}.process`, figures.processMs, "ms");
    }

    report.figure("bench.wall", (performance.now() - started) / 1000, "s");
    console.log(loadLine("at end"));

    // Human-readable summary.
    const main = `@${MAIN_SIZE}`;
    const out: string[] = [];
    out.push(
      table(
        `GET endpoints at ${MAIN_SIZE} records (p50 target: ≤ 1.3 × floor)`,
        ["endpoint", "p50 ms", "p95 ms", "floor ms", "ratio", "chained floor ms", "calls", "RCU", "kinds read"],
        latencyTargets(endpoints, "all").map((e) => {
          const l = latency.get(`${e.name}${main}`);
          const c = capacity.get(`${e.name}${main}`);
          const ratio = l?.floor ? l.handler.p50 / l.floor.p50 : Number.NaN;
          return [
            `${e.key}${e.request.headers ? " (gzip)" : ""}`,
            l?.handler.p50 ?? Number.NaN,
            l?.handler.p95 ?? Number.NaN,
            l?.floor?.p50 ?? Number.NaN,
            Number.isFinite(ratio) ? `${ratio.toFixed(2)} ${ratio <= 1.3 ? "ok" : "MISS"}` : "-",
            l?.chained?.p50 ?? Number.NaN,
            c?.calls ?? Number.NaN,
            c?.capacityUnits ?? Number.NaN,
            c?.kinds.join(",") || "-",
          ];
        }),
      ),
    );
    const sizes = PLAN.stages.filter((s) => s.latency).map((s) => s.size);
    out.push(
      table(
        "Scaling: p50 / floor p50 (ms)",
        ["endpoint", ...sizes.map(String)],
        latencyTargets(endpoints, "all")
          .filter((e) => LARGE_ROUTES.has(e.key) || e.key === "GET /full/inventory/{ad_id}")
          .map((e) => [
            `${e.key}${e.request.headers ? " (gzip)" : ""}`,
            ...sizes.map((size) => {
              const l = latency.get(`${e.name}@${size}`);
              return l ? `${l.handler.p50.toFixed(1)} / ${l.floor?.p50.toFixed(1) ?? "-"}` : "-";
            }),
          ]),
      ),
    );
    const detailRows = [...capacity].filter(([key]) => key.startsWith("full_inventory_ad_id@"));
    out.push(
      table(
        "Detail capacity by table size (target: flat)",
        ["records", "RCU", "calls"],
        detailRows.map(([key, c]) => [key.split("@")[1]!, c.capacityUnits, c.calls]),
      ),
    );
    const floorBundle = bundles.find((b) => b.name === "floor")!;
    out.push(
      table(
        `Cold start (targets: ≤ 1.2 × floor size, ≤ 1.3 × floor import; node start alone ${baseline.toFixed(1)} ms)`,
        ["handler", "init KB", "× floor", "all KB", "import ms", "× floor", "process ms"],
        bundles.map((b) => {
          const size = b.initBytes / floorBundle.initBytes;
          const time = b.importMs / floorBundle.importMs;
          return [
            b.name,
            b.initBytes / 1024,
            `${size.toFixed(2)} ${size <= 1.2 ? "ok" : "MISS"}`,
            b.totalBytes / 1024,
            b.importMs,
            `${time.toFixed(2)} ${time <= 1.3 ? "ok" : "MISS"}`,
            b.processMs,
          ];
        }),
      ),
    );
    out.push(
      table(
        `Core calculators at ${PLAN.coreRecords} records (target < 100 ms)`,
        ["calculator", "wall ms", "cpu ms", "target"],
        Object.entries(core).map(([name, ms]) => [name, ms.wallMs, ms.cpuMs, ms.wallMs < 100 ? "ok" : "MISS"]),
      ),
    );
    out.push(
      table(
        `Sync of ${sync.ads} Full ads, ${SYNC_LATENCY_MS} ms per marketplace call (target < 20 s)`,
        ["wall s", "marketplace calls", "inventories", "failed", "target"],
        [[sync.wallMs / 1000, sync.marketplaceCalls, sync.inventories, sync.failed, sync.wallMs < 20_000 ? "ok" : "MISS"]],
      ),
    );
    out.push(
      table(
        "GET /full/inventory body",
        ["records", "plain bytes", "plain status", "gzip bytes", "ratio"],
        payloads.map((p) => [String(p.size), p.plainBytes, String(p.plainStatus), p.gzipBytes, `${(p.plainBytes / p.gzipBytes).toFixed(1)}:1`]),
      ),
    );
    console.log(out.join("\n"));
  } finally {
    await engine.stop();
  }
}

await main();
