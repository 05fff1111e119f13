/**
 * The side-by-side endpoints measured where users are: over HTTP, through `npm start`'s gateway,
 * as the old service's figures were (Node's fetch with keep-alive, one request at a time, calls
 * interleaved in a new order each round, p50 of 30 rounds after 3 warm-ups), from a client process
 * of its own (http-client.ts).
 *
 * In the same rounds, a bare Node `http` server in a process of its own sends each endpoint's answer as
 * the service sent it (the same bytes and headers): the HTTP floor. The gateway's own cost is
 * `GET /settings/defaults` (no storage read) and the console's `index.html` against that floor, in
 * rounds of their own (GATEWAY_ROUNDS).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Time } from "@fulfillment/core";
import { startService, type RunningService } from "../engine/service-process.js";
import { freePort } from "../engine/ports.js";
import { adId, VIEWED_INDEX } from "./dataset.js";
import { ONE_ROUND_TRIP } from "./side-by-side.js";
import { shuffledOrders, summarize, timed, type Summary } from "./stats.js";

export const HTTP_ROUNDS = { warmup: 3, iterations: 30 };

/**
 * The old service's p50 over HTTP (ms): at 10,000 records the issue "The embedded default at full
 * speed" measured them; at 1,000 records, the figures of "Faster than the service it replaces".
 */
export const OLD_SERVICE_HTTP_P50: Record<string, Record<number, number>> = {
  "GET /full/overview": { 1_000: 25.9, 10_000: 550 },
  "GET /full/inventory": { 1_000: 48, 10_000: 1_128 },
  "GET /full/inventory?sort_by=aged&alerts=1": { 1_000: 37, 10_000: 902 },
  "GET /full/inventory/{ad_id}": { 1_000: 4.7, 10_000: 7.1 },
  "GET /full/tariffs": { 1_000: 2.0, 10_000: 4.5 },
  "GET /settings": { 1_000: 1.9, 10_000: 4.7 },
  "GET /settings/{group}": { 1_000: 2.2, 10_000: 3.9 },
  "GET /history/core_ai (a year)": { 1_000: 6.5, 10_000: 9.1 },
};

/** Gateway overhead targets: the answer's p50 over the bare server's, in ms. */
export const GATEWAY_TARGETS = { "GET /settings/defaults": 0.5, "GET /console/index.html": 0.2 } as const;
/** Where the engine's floor makes 1.0 × impossible: the HTTP floor plus the engine floor, times this. */
export const HTTP_FLOOR_LIMIT = 1.1;

/** The path each compared row is requested at. */
export function comparedPaths(today: string): Record<string, string> {
  return {
    "GET /full/overview": "/full/overview",
    "GET /full/inventory": "/full/inventory",
    "GET /full/inventory?sort_by=aged&alerts=1": "/full/inventory?sort_by=aged&alerts=1",
    "GET /full/inventory/{ad_id}": `/full/inventory/${adId(VIEWED_INDEX)}`,
    "GET /full/tariffs": "/full/tariffs",
    "GET /settings": "/settings",
    "GET /settings/{group}": "/settings/geral",
    "GET /history/core_ai (a year)": `/history/core_ai?start_date=${Time.addDays(today, -365)}&end_date=${today}`,
    "GET /settings/defaults": "/settings/defaults",
    "GET /console/index.html": "/console/index.html",
  };
}

export interface HttpRow {
  label: string;
  path: string;
  ours: Summary;
  /** The bare server sending the same answer. */
  floor: Summary;
  /** The old service's p50, where it was measured. */
  old?: number;
}

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What fetch asks for: the service's answer is recorded as fetch would receive it on the wire. */
const FETCH_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "*/*" };
const HOP_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

function record(url: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: FETCH_HEADERS }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: kept(incoming.headers), body: Buffer.concat(chunks) }));
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

function kept(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_HEADERS.has(name) && value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  return out;
}

/**
 * The bare server, in a Node process of its own as `npm start` is (a server in the bench's own
 * process would skip the switch between processes that every request to the service pays):
 * each recorded path answered with its recorded answer, nothing else.
 */
const BARE_SERVER = `
const { createServer } = require("node:http");
const answers = new Map(JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).map(([path, a]) => [path, { ...a, body: Buffer.from(a.body, "base64") }]));
const server = createServer((request, response) => {
  const answer = answers.get(request.url);
  if (!answer) return void response.writeHead(404).end();
  response.writeHead(answer.status, { ...answer.headers, "content-length": String(answer.body.length) });
  response.end(answer.body);
});
server.keepAliveTimeout = 60000;
server.listen(0, "127.0.0.1", () => console.log("listening on http://127.0.0.1:" + server.address().port));
process.on("SIGTERM", () => process.exit(0));
`;

async function bareServer(answers: Map<string, Recorded>): Promise<{ url: string; stop: () => Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), "bare-server-"));
  const file = join(folder, "answers.json");
  writeFileSync(file, JSON.stringify([...answers].map(([path, answer]) => [path, { ...answer, body: answer.body.toString("base64") }])));
  const child = spawn(process.execPath, ["-e", BARE_SERVER, file], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** One request as a client of the service makes it: fetch, body read whole. */
const fetchWhole = async (url: string): Promise<void> => {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`GET ${url} answered ${response.status}`);
};

/**
 * The gateway's own cost, a fraction of a millisecond, in rounds of its own: interleaved with the
 * compared endpoints it would be measured against the garbage those leave (the inventory list at
 * 100,000 records is tens of MB a call), and 30 samples do not settle a figure that small.
 */
export const GATEWAY_ROUNDS = { warmup: 20, iterations: 200 };

/**
 * Before any round: each path requested up to 2,500 times (at most 5 s a path) on both servers,
 * the warm-up the in-process figures get. A service a user meets has been running, its code
 * compiled: `npm start` started a moment ago runs a path's first few hundred requests in V8's
 * interpreter, and its engine's JIT compiles DynamoDB Local's read path for thousands more (500
 * requests a path left small reads 0.2–0.4 ms slower, the engine's compiler busy on the other
 * core). The rounds' own warm-ups follow, as the method has them.
 */
export const SERVICE_WARMUP = { requests: 2_500, seconds: 5 };

async function warmUp(urls: readonly string[], warmup = SERVICE_WARMUP): Promise<void> {
  for (const url of urls) {
    const until = performance.now() + warmup.seconds * 1000;
    for (let i = 0; i < warmup.requests && performance.now() < until; i++) await fetchWhole(url);
  }
}

/** Each label's path against the service and against the bare server, interleaved in a new order each round. */
async function interleaved(serviceUrl: string, bareUrl: string, paths: Record<string, string>, labels: readonly string[], rounds: { warmup: number; iterations: number }): Promise<Map<string, { ours: Summary; floor: Summary }>> {
  const runs = labels.flatMap((label) => [`${serviceUrl}${paths[label]}`, `${bareUrl}${paths[label]}`]);
  for (let i = 0; i < rounds.warmup; i++) for (const url of runs) await fetchWhole(url);
  const samples = runs.map(() => [] as number[]);
  const nextOrder = shuffledOrders(runs.length);
  for (let i = 0; i < rounds.iterations; i++) for (const k of nextOrder()) samples[k]!.push(await timed(() => fetchWhole(runs[k]!)));
  return new Map(labels.map((label, i) => [label, { ours: summarize(samples[2 * i]!), floor: summarize(samples[2 * i + 1]!) }]));
}

/** Compared by value: the rounds reach the client process as JSON. */
const sameRounds = (a: typeof HTTP_ROUNDS, b: typeof HTTP_ROUNDS): boolean => a.warmup === b.warmup && a.iterations === b.iterations;

/** Every path against the service and against the bare server: the compared endpoints in the old service's rounds, the gateway's probes in their own. */
export async function measureHttpRounds(serviceUrl: string, paths: Record<string, string>, size: number, rounds = HTTP_ROUNDS, warmup = SERVICE_WARMUP): Promise<HttpRow[]> {
  const labels = Object.keys(paths);
  const answers = new Map<string, Recorded>();
  for (const label of labels) answers.set(paths[label]!, await record(`${serviceUrl}${paths[label]}`));
  const bare = await bareServer(answers);
  try {
    await warmUp(labels.flatMap((label) => [`${serviceUrl}${paths[label]}`, `${bare.url}${paths[label]}`]), warmup);
    const probes = labels.filter((label) => label in GATEWAY_TARGETS);
    const compared = await interleaved(serviceUrl, bare.url, paths, labels.filter((label) => !probes.includes(label)), rounds);
    const gateway = probes.length > 0 ? await interleaved(serviceUrl, bare.url, paths, probes, sameRounds(rounds, HTTP_ROUNDS) ? GATEWAY_ROUNDS : rounds) : new Map();
    return labels.map((label) => ({
      label,
      path: paths[label]!,
      ...(compared.get(label) ?? gateway.get(label))!,
      ...(OLD_SERVICE_HTTP_P50[label]?.[size] !== undefined ? { old: OLD_SERVICE_HTTP_P50[label]![size]! } : {}),
    }));
  } finally {
    await bare.stop();
  }
}

/**
 * `npm start` on a table the bench loaded: its gateway, its handlers and the engine at
 * `engineEndpoint` (no demo data, no engine of its own).
 */
export async function startServiceOn(engineEndpoint: string, accessKey: string, table: string, engine: "disk" | "memory" = "memory"): Promise<RunningService> {
  return startService({
    PORT: String(await freePort()),
    DYNAMODB_ENDPOINT: engineEndpoint,
    DYNAMODB_ACCESS_KEY: accessKey,
    TABLE_NAME: table,
    DEMO: "0",
    // As npm start writes to its own engine on disk.
    DYNAMODB_BULK_WRITES: engine === "disk" ? "transactions" : "batches",
    // The rounds and their warm-up ask faster than the stage's default limit (100 a second): a
    // latency figure is taken of answers, not of 429s. The old service had no such limit either.
    API_THROTTLE_RATE: "100000",
    API_THROTTLE_BURST: "100000",
  });
}

export interface HttpVerdict {
  met: boolean;
  how: "faster" | "floor" | "gateway" | "missed" | "no target";
  limit: string;
}

/**
 * A compared row: ≤ 1.0 × the old service's p50, or for a row bound by one engine round trip,
 * ≤ 1.1 × (HTTP floor + engine floor). The gateway rows: the answer within its target of the floor.
 */
export function httpVerdict(row: HttpRow, engineFloorP50?: number): HttpVerdict {
  const gateway = GATEWAY_TARGETS[row.label as keyof typeof GATEWAY_TARGETS];
  if (gateway !== undefined) {
    const met = row.ours.p50 <= row.floor.p50 + gateway;
    return { met, how: met ? "gateway" : "missed", limit: `≤ floor + ${gateway} ms` };
  }
  if (row.old === undefined) return { met: true, how: "no target", limit: "-" };
  if (row.ours.p50 <= row.old) return { met: true, how: "faster", limit: `≤ ${row.old} ms (old)` };
  if (ONE_ROUND_TRIP.has(row.label) && engineFloorP50 !== undefined) {
    const limit = HTTP_FLOOR_LIMIT * (row.floor.p50 + engineFloorP50);
    if (row.ours.p50 <= limit) return { met: true, how: "floor", limit: `≤ ${limit.toFixed(2)} ms (1.1 × (HTTP floor + engine floor))` };
  }
  return { met: false, how: "missed", limit: `≤ ${row.old} ms (old)` };
}
