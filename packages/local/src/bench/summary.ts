/** The human-readable tables printed after the figure lines, with each target's verdict. */
import type { BundleFigures } from "./cold-start.js";
import type { CoreTimings } from "./core.js";
import type { BenchEndpoint } from "./endpoints.js";
import { LARGE_ROUTES, type CapacityResult, type LatencyResult, type PayloadFigures } from "./measure.js";
import { table } from "./report.js";
import { syncTable, type SyncFigures } from "./sync.js";

export interface BenchResults {
  /** The size the endpoint targets are checked at. */
  mainSize: number;
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
}

export function summaryTables(r: BenchResults): string {
  const main = `@${r.mainSize}`;
  const out: string[] = [];
  out.push(
    table(
      `GET endpoints at ${r.mainSize} records (p50 target: ≤ 1.3 × floor)`,
      ["endpoint", "p50 ms", "p95 ms", "floor ms", "ratio", "chained floor ms", "calls", "RCU", "kinds read"],
      r.targets.map((e) => {
        const l = r.latency.get(`${e.name}${main}`);
        const c = r.capacity.get(`${e.name}${main}`);
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
  out.push(
    table(
      "Scaling: p50 / floor p50 (ms)",
      ["endpoint", ...r.sizes.map(String)],
      r.targets
        .filter((e) => LARGE_ROUTES.has(e.key) || e.key === "GET /full/inventory/{ad_id}")
        .map((e) => [
          `${e.key}${e.request.headers ? " (gzip)" : ""}`,
          ...r.sizes.map((size) => {
            const l = r.latency.get(`${e.name}@${size}`);
            return l ? `${l.handler.p50.toFixed(1)} / ${l.floor?.p50.toFixed(1) ?? "-"}` : "-";
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
      "GET /full/inventory body",
      ["records", "plain bytes", "plain status", "gzip bytes", "ratio"],
      r.payloads.map((p) => [String(p.size), p.plainBytes, String(p.plainStatus), p.gzipBytes, `${(p.plainBytes / p.gzipBytes).toFixed(1)}:1`]),
    ),
  );
  return out.join("\n");
}
