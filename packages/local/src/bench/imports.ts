/** Import throughput: the PUT import routes through their handlers, as Lambda would run them, on a CSV of `rows` rows. */
import { ROUTES } from "@fulfillment/functions/routes";
import { adId, skuOf } from "./dataset.js";
import { call, loadHandler } from "./endpoints.js";

export interface ImportFigures {
  rows: number;
  bodyBytes: number;
  /** A warehouse's first import: every row added. */
  localStockFirstMs: number;
  /** The same rows again with one changed and one missing: one written, one deleted. */
  localStockReplaceMs: number;
  /** A cost for each of `rows` ads, by ad_id. */
  costsMs: number;
  /** The process's resident memory at its highest during the imports. */
  rssPeakMb: number;
}

const WAREHOUSE = "CD-BENCH";

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Needs `rows` ads stored (the bench's sized records) for the costs. */
export async function measureImports(rows: number): Promise<ImportFigures> {
  const route = (method: string, path: string) => ROUTES.find((r) => r.method === method && r.path === path)!;
  const stockRoute = route("PUT", "/full/local-stock/{warehouse}");
  const costsRoute = route("PUT", "/full/costs");
  const [stockHandler, costsHandler] = await Promise.all([loadHandler(stockRoute.handler), loadHandler(costsRoute.handler)]);
  const lines = Array.from({ length: rows }, (_, i) => `${skuOf(i)};${(i * 7) % 500}`);
  const first = `sku;available\n${lines.join("\n")}\n`;
  const replaced = `sku;available\n${[`${skuOf(0)};999`, ...lines.slice(1, -1)].join("\n")}\n`;
  const costs = `ad_id;cost\n${Array.from({ length: rows }, (_, i) => `${adId(i)};${(10 + (i % 90)).toString()},${String(i % 100).padStart(2, "0")}`).join("\n")}\n`;
  const put = (handler: typeof stockHandler, path: string, body: string, timeout?: number) =>
    call(handler, { method: "PUT", path, pathParameters: { warehouse: WAREHOUSE }, headers: { "content-type": "text/csv" }, body }, timeout);

  let rssPeak = process.memoryUsage().rss;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  try {
    const localStockFirstMs = await timed(() => put(stockHandler, stockRoute.path, first, stockRoute.timeoutSeconds));
    const localStockReplaceMs = await timed(() => put(stockHandler, stockRoute.path, replaced, stockRoute.timeoutSeconds));
    const costsMs = await timed(() => put(costsHandler, costsRoute.path, costs, costsRoute.timeoutSeconds));
    return { rows, bodyBytes: Buffer.byteLength(costs), localStockFirstMs, localStockReplaceMs, costsMs, rssPeakMb: rssPeak / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}
