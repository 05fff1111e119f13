/**
 * The bench's HTTP section: at each size, `npm start` is started on the table the bench loaded,
 * once on the in-memory engine and once on an on-disk engine (the embedded default), and the
 * side-by-side endpoints are timed through its gateway against the bare-server floor. Each
 * endpoint bound by one engine round trip also gets its engine floor on that engine, in
 * process, so the verdict can fall back to 1.1 × (HTTP floor + engine floor).
 */
import { FLOORS, type FloorContext } from "./floors.js";
import { httpVerdict, type HttpRow } from "./http-side-by-side.js";
import { measureHttpSideBySide } from "./http-client.js";
import { ONE_ROUND_TRIP } from "./side-by-side.js";
import { percentile, timed } from "./stats.js";
import type { TargetVerdict } from "./summary.js";
import { table } from "./report.js";

export type EngineKind = "memory" | "disk";

export interface HttpStageResult {
  engine: EngineKind;
  size: number;
  rows: HttpRow[];
  /** The engine floor's p50 (ms) of each one-round-trip row, on this engine. */
  engineFloors: Record<string, number>;
}

const FLOOR_OF: Record<string, string> = { "GET /history/core_ai (a year)": "GET /history/core_ai?year" };

/** p50 of 30 calls of each one-round-trip row's floor after 3 warm-ups, on `ctx`'s engine. */
async function engineFloors(ctx: FloorContext): Promise<Record<string, number>> {
  const floors: Record<string, number> = {};
  for (const label of ONE_ROUND_TRIP) {
    const floor = FLOORS[FLOOR_OF[label] ?? label];
    if (!floor) continue;
    for (let i = 0; i < 3; i++) await floor(ctx);
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) samples.push(await timed(() => floor(ctx)));
    floors[label] = percentile(samples, 50);
  }
  return floors;
}

export async function measureHttpStage(options: {
  engine: EngineKind;
  engineEndpoint: string;
  accessKey: string;
  table: string;
  today: string;
  size: number;
  floorContext: FloorContext;
}): Promise<HttpStageResult> {
  const rows = await measureHttpSideBySide(options);
  return { engine: options.engine, size: options.size, rows, engineFloors: await engineFloors(options.floorContext) };
}

/** `npm run bench:http`'s sizes: those BENCH_HTTP_RECORDS names, ascending; a value that is not a positive whole number is refused. */
export function httpRunSizes(env: NodeJS.ProcessEnv = process.env): number[] {
  const given = (env.BENCH_HTTP_RECORDS ?? "").trim();
  if (!given) return [1_000, 10_000];
  const sizes = given.split(",").map((part) => part.trim());
  for (const size of sizes) {
    if (!/^[1-9]\d*$/.test(size)) throw new Error(`BENCH_HTTP_RECORDS lists sizes in records, comma-separated (e.g. 1000,10000): "${size}" is not one`);
  }
  return [...new Set(sizes.map(Number))].sort((a, b) => a - b);
}

const slug = (label: string): string => label.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "");

/** Each row of each HTTP stage with its verdict. */
export function httpTargets(results: readonly HttpStageResult[]): TargetVerdict[] {
  return results.flatMap((result) =>
    result.rows.map((row) => {
      const verdict = httpVerdict(row, result.engineFloors[row.label]);
      const against = row.old !== undefined ? ` / old service ${row.old} ms` : "";
      return {
        name: `http_${result.engine}_${slug(row.label)}_n${result.size}`,
        figure: `${row.label} over HTTP on the ${result.engine === "disk" ? "on-disk" : "in-memory"} engine at ${result.size}: ${row.ours.p50.toFixed(2)} ms${against}, HTTP floor ${row.floor.p50.toFixed(2)} ms`,
        value: row.old !== undefined ? row.ours.p50 / row.old : row.ours.p50 - row.floor.p50,
        unit: row.old !== undefined ? "x" : "ms over floor",
        limit: verdict.limit,
        met: verdict.met,
      };
    }),
  );
}

export function httpTables(results: readonly HttpStageResult[]): string[] {
  return results.map((result) =>
    table(
      `Over HTTP through npm start's gateway, ${result.engine === "disk" ? "on-disk" : "in-memory"} engine, ${result.size} records (p50 of 30 after 3 warm-ups, interleaved with a bare server sending the same answers)`,
      ["endpoint", "ours ms", "HTTP floor ms", "engine floor ms", "old ms", "× old", "verdict"],
      result.rows.map((row) => {
        const verdict = httpVerdict(row, result.engineFloors[row.label]);
        return [
          row.label,
          row.ours.p50,
          row.floor.p50,
          result.engineFloors[row.label] ?? Number.NaN,
          row.old ?? Number.NaN,
          row.old !== undefined ? (row.ours.p50 / row.old).toFixed(2) : "-",
          verdict.met ? `met (${verdict.how})` : "MISSED",
        ];
      }),
    ),
  );
}
