/** The human-readable tables printed after the figure lines, with each target's verdict. */
import type { BundleFigures } from "./cold-start.js";
import type { CoreTimings } from "./core.js";
import type { BenchEndpoint } from "./endpoints.js";
import { LARGE_ROUTES, type CapacityResult, type LatencyResult, type PayloadFigures } from "./measure.js";
import { table } from "./report.js";
import { syncTable, type SyncFigures } from "./sync.js";
import { FLOOR_LIMIT, ONE_ROUND_TRIP, sideBySideVerdict, type SideBySideRow } from "./side-by-side.js";
import { httpTables, httpTargets, type HttpStageResult } from "./http-stage.js";

export interface BenchResults {
  /** The size the endpoint targets are checked at. */
  mainSize: number;
  /** The smallest and the largest size: the overview's flatness is checked between them. */
  smallSize: number;
  largeSize: number;
  /** Alerting records over all records at the main size. */
  alertShare: number;
  /** Sizes with latency figures. */
  sizes: number[];
  targets: BenchEndpoint[];
  /** By `${endpoint name}@${size}`. */
  latency: Map<string, LatencyResult>;
  capacity: Map<string, CapacityResult>;
  bundles: BundleFigures[];
  baselineMs: number;
  coreRecords: number;
  core: CoreTimings;
  sync: SyncFigures[];
  syncLatencyMs: number;
  payloads: (PayloadFigures & { size: number })[];
  /** The planning reports' answers by `${endpoint name}@${size}`. */
  planningPayloads: Map<string, PayloadFigures>;
  /** The side-by-side comparison with the old service, by size, in process. */
  sideBySide: Map<number, SideBySideRow[]>;
  /** The same over HTTP through npm start, by engine and size: what the verdicts hold to the old service. */
  http: HttpStageResult[];
}

const variantLabel = (e: BenchEndpoint): string =>
  `${e.key}${e.request.query?.alerts ? "?alerts=1" : ""}${e.request.headers ? " (gzip)" : ""}`;

export interface TargetVerdict {
  name: string;
  /** What is compared, in words. */
  figure: string;
  value: number;
  unit: string;
  limit: string;
  met: boolean;
}

/** The read model's targets (issue "reads near the engine's limit"), each with its verdict. */
export function readModelTargets(r: BenchResults): TargetVerdict[] {
  const at = (name: string, size: number): LatencyResult | undefined => r.latency.get(`${name}@${size}`);
  const verdicts: TargetVerdict[] = [];
  const small = at("full_overview", r.smallSize)?.handler.p50 ?? Number.NaN;
  const large = at("full_overview", r.largeSize)?.handler.p50 ?? Number.NaN;
  verdicts.push({
    name: "overview_flat",
    figure: `overview p50 at ${r.largeSize} / at ${r.smallSize} records`,
    value: large / small,
    unit: "x",
    limit: "≤ 1.5",
    met: large / small <= 1.5,
  });
  verdicts.push({ name: "overview_fast", figure: `overview p50 at ${r.largeSize} records`, value: large, unit: "ms", limit: "< 10", met: large < 10 });
  for (const [name, label, limit] of [
    ["full_inventory", "inventory list (plain)", 0.6],
    ["full_inventory_gzip", "inventory list (gzip)", 0.6],
    ["full_replenishment", "replenishment", 0.3],
  ] as const) {
    const l = at(name, r.mainSize);
    const ratio = l?.live ? l.handler.p50 / l.live.p50 : Number.NaN;
    verdicts.push({ name: `${name}_vs_live`, figure: `${label} p50 / live path p50 at ${r.mainSize}`, value: ratio, unit: "x", limit: `≤ ${limit}`, met: ratio <= limit });
  }
  const alerts = at("full_inventory_alerts", r.mainSize)?.handler.p50 ?? Number.NaN;
  const whole = at("full_inventory", r.mainSize)?.handler.p50 ?? Number.NaN;
  const proportion = alerts / whole / r.alertShare;
  verdicts.push({
    name: "alerts_in_proportion",
    figure: `alerts=1 p50 / list p50, over the alerting share (${(r.alertShare * 100).toFixed(0)} %) at ${r.mainSize}`,
    value: proportion,
    unit: "x",
    limit: "≤ 1.25",
    met: proportion <= 1.25,
  });
  const calls = r.capacity.get(`full_inventory_ad_id@${r.mainSize}`)?.calls ?? Number.NaN;
  verdicts.push({ name: "detail_round_trips", figure: `detail DynamoDB calls at ${r.mainSize}`, value: calls, unit: "calls", limit: "= 1", met: calls === 1 });
  const detail = at("full_inventory_ad_id", r.mainSize);
  const floorRatio = detail?.floor ? detail.handler.p50 / detail.floor.p50 : Number.NaN;
  verdicts.push({ name: "detail_vs_single_query", figure: `detail p50 / single-Query floor p50 at ${r.mainSize}`, value: floorRatio, unit: "x", limit: `≤ ${FLOOR_LIMIT}`, met: floorRatio <= FLOOR_LIMIT });
  return verdicts;
}

/** The planning reports (issue "Faster than the service it replaces"): fast at the main size, growing no faster than their answers. */
export function planningTargets(r: BenchResults): TargetVerdict[] {
  const verdicts: TargetVerdict[] = [];
  for (const [name, label, limit] of [
    ["full_restock_plan_gzip", "restock plan (gzip)", 300],
    ["full_aged_stock_gzip", "aged stock (gzip)", 200],
  ] as const) {
    const main = r.latency.get(`${name}@${r.mainSize}`)?.handler.p50 ?? Number.NaN;
    verdicts.push({ name: `${name}_p50`, figure: `${label} p50 at ${r.mainSize} records`, value: main, unit: "ms", limit: `≤ ${limit}`, met: main <= limit });
    const large = r.latency.get(`${name}@${r.largeSize}`)?.handler.p50 ?? Number.NaN;
    const bytes = (size: number): number => r.planningPayloads.get(`${name}@${size}`)?.gzipBytes ?? Number.NaN;
    const growth = large / main / (bytes(r.largeSize) / bytes(r.mainSize));
    verdicts.push({
      name: `${name}_growth`,
      figure: `${label}: p50 growth from ${r.mainSize} to ${r.largeSize} records / growth of its answer (gzip bytes ×${(bytes(r.largeSize) / bytes(r.mainSize)).toFixed(1)})`,
      value: growth,
      unit: "x",
      limit: "≤ 1",
      met: growth <= 1,
    });
  }
  return verdicts;
}

/** Endpoints bound by one engine round trip: p50 within 1.1 × the floor, at each size with latency figures. */
export function floorTargets(r: BenchResults): TargetVerdict[] {
  const verdicts: TargetVerdict[] = [];
  for (const size of r.sizes) {
    for (const e of r.targets) {
      if (!ONE_ROUND_TRIP.has(e.key) || e.request.query || e.request.headers) continue;
      const l = r.latency.get(`${e.name}@${size}`);
      if (!l?.floor) continue;
      const ratio = l.handler.p50 / l.floor.p50;
      verdicts.push({ name: `floor_${e.name}_n${size}`, figure: `${e.key} p50 / one round trip p50 at ${size}`, value: ratio, unit: "x", limit: `≤ ${FLOOR_LIMIT}`, met: ratio <= FLOOR_LIMIT });
    }
  }
  return verdicts;
}

/** Every target of the bench, with its verdict. */
export const allTargets = (r: BenchResults): TargetVerdict[] => [...readModelTargets(r), ...planningTargets(r), ...floorTargets(r), ...httpTargets(r.http)];

export function summaryTables(r: BenchResults): string {
  const main = `@${r.mainSize}`;
  const out: string[] = [];
  out.push(
    table(
      "Targets",
      ["target", "figure", "value", "limit", "verdict"],
      allTargets(r).map((v) => [v.name, v.figure, `${Number.isFinite(v.value) ? v.value.toFixed(v.unit === "calls" ? 0 : 2) : "n/a"} ${v.unit}`, v.limit, v.met ? "met" : "MISSED"]),
    ),
  );
  for (const [size, rows] of r.sideBySide) {
    out.push(
      table(
        `Side by side in process at ${size} records (handlers called directly; the verdicts are the HTTP section's), p50 of 30 after 3 warm-ups, interleaved`,
        ["endpoint", "ours ms", "floor ms", "× floor", "old ms", "× old", "verdict"],
        rows.map((row) => {
          const verdict = sideBySideVerdict(row);
          return [
            row.label,
            row.ours.p50,
            row.floor?.p50 ?? Number.NaN,
            row.floor ? (row.ours.p50 / row.floor.p50).toFixed(2) : "-",
            row.old,
            (row.ours.p50 / row.old).toFixed(2),
            verdict.how === "faster" ? "met" : verdict.how === "floor" ? "met (engine floor)" : "MISSED",
          ];
        }),
      ),
    );
  }
  out.push(...httpTables(r.http));
  out.push(
    table(
      `GET endpoints at ${r.mainSize} records (p50 target for one round trip: ≤ ${FLOOR_LIMIT} × floor)`,
      ["endpoint", "p50 ms", "p95 ms", "floor ms", "ratio", "chained floor ms", "live ms", "× live", "calls", "RCU", "kinds read"],
      r.targets.map((e) => {
        const l = r.latency.get(`${e.name}${main}`);
        const c = r.capacity.get(`${e.name}${main}`);
        const ratio = l?.floor ? l.handler.p50 / l.floor.p50 : Number.NaN;
        return [
          variantLabel(e),
          l?.handler.p50 ?? Number.NaN,
          l?.handler.p95 ?? Number.NaN,
          l?.floor?.p50 ?? Number.NaN,
          Number.isFinite(ratio) ? `${ratio.toFixed(2)}${ONE_ROUND_TRIP.has(e.key) && !e.request.query && !e.request.headers ? (ratio <= FLOOR_LIMIT ? " ok" : " MISS") : ""}` : "-",
          l?.chained?.p50 ?? Number.NaN,
          l?.live?.p50 ?? Number.NaN,
          l?.live ? (l.handler.p50 / l.live.p50).toFixed(2) : "-",
          c?.calls ?? Number.NaN,
          c?.capacityUnits ?? Number.NaN,
          c?.kinds.join(",") || "-",
        ];
      }),
    ),
  );
  out.push(
    table(
      "Scaling: p50 / floor p50 (ms), and the live path's p50 where measured",
      ["endpoint", ...r.sizes.map(String)],
      r.targets
        .filter((e) => LARGE_ROUTES.has(e.key) || e.key === "GET /full/inventory/{ad_id}")
        .map((e) => [
          variantLabel(e),
          ...r.sizes.map((size) => {
            const l = r.latency.get(`${e.name}@${size}`);
            if (!l) return "-";
            const live = l.live ? `; live ${l.live.p50.toFixed(1)}` : "";
            return `${l.handler.p50.toFixed(1)} / ${l.floor?.p50.toFixed(1) ?? "-"}${live}`;
          }),
        ]),
    ),
  );
  const detailRows = [...r.capacity].filter(([key]) => key.startsWith("full_inventory_ad_id@"));
  out.push(
    table(
      "Detail capacity by table size (target: flat)",
      ["records", "RCU", "calls"],
      detailRows.map(([key, c]) => [key.split("@")[1]!, c.capacityUnits, c.calls]),
    ),
  );
  const floorBundle = r.bundles.find((b) => b.name === "floor")!;
  out.push(
    table(
      `Cold start (targets: ≤ 1.2 × floor size, ≤ 1.3 × floor import; node start alone ${r.baselineMs.toFixed(1)} ms)`,
      ["handler", "init KB", "× floor", "all KB", "import ms", "× floor", "process ms"],
      r.bundles.map((b) => {
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
      `Core calculators at ${r.coreRecords} records (target < 100 ms)`,
      ["calculator", "wall ms", "cpu ms", "target"],
      Object.entries(r.core).map(([name, ms]) => [name, ms.wallMs, ms.cpuMs, ms.wallMs < 100 ? "ok" : "MISS"]),
    ),
  );
  if (r.sync.length > 0) out.push(syncTable(r.sync, r.syncLatencyMs));
  out.push(
    table(
      "Planning reports' answers",
      ["answer", "plain bytes", "plain status", "gzip bytes"],
      [...r.planningPayloads].map(([key, p]) => [key, p.plainBytes, String(p.plainStatus), p.gzipBytes]),
    ),
  );
  out.push(
    table(
      "GET /full/inventory body",
      ["records", "plain bytes", "plain status", "gzip bytes", "ratio"],
      r.payloads.map((p) => [String(p.size), p.plainBytes, String(p.plainStatus), p.gzipBytes, `${(p.plainBytes / p.gzipBytes).toFixed(1)}:1`]),
    ),
  );
  return out.join("\n");
}
