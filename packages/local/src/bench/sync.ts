/** Sync throughput: POST /full/sync through its handler against the sandbox marketplace. */
import { randomUUID } from "node:crypto";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ROUTES } from "@fulfillment/functions/routes";
import { loadDataset } from "../loader/load.js";
import { seedFromDataset, startSandboxMarketplace } from "../sandbox/index.js";
import { fixedRecords, sizedRecords } from "./dataset.js";
import { call, loadHandler } from "./endpoints.js";

export interface SyncFigures {
  ads: number;
  wallMs: number;
  marketplaceCalls: number;
  inventories: number;
  dimensionsUpdated: number;
  failed: number;
}

const MARKETPLACE_ENV = ["MARKETPLACE_API_URL", "MARKETPLACE_CLIENT_ID", "MARKETPLACE_CLIENT_SECRET"] as const;

/** `ads` Full ads with one inventory each, a marketplace answering every call after `latencyMs`. */
export async function measureSync(endpoint: string, today: string, ads: number, latencyMs: number, restore: TableRef): Promise<SyncFigures> {
  const records = sizedRecords(0, ads);
  const fullAds = records.ads.map((ad) => ({ ...ad, is_full: true }));
  const sandbox = await startSandboxMarketplace({ seed: seedFromDataset({ ads: fullAds, inventory: records.inventory }, { today }), latencyMs });
  const ref: TableRef = { doc: createDocumentClient({ endpoint }), table: `bench-sync-${randomUUID()}` };
  const saved = Object.fromEntries(MARKETPLACE_ENV.map((name) => [name, process.env[name]]));
  try {
    await ensureTable(ref.doc, ref.table);
    const fixed = fixedRecords(today);
    await loadDataset(ref, {
      ads: fullAds,
      tariffs: fixed.tariffs,
      settings: fixed.settings,
      credentials: [{ provider: "mercadolivre", ...sandbox.tokens, user_id: sandbox.sellerId }],
    });
    process.env.MARKETPLACE_API_URL = sandbox.url;
    process.env.MARKETPLACE_CLIENT_ID = sandbox.clientId;
    process.env.MARKETPLACE_CLIENT_SECRET = sandbox.clientSecret;
    useTable(ref);
    const route = ROUTES.find((r) => r.method === "POST" && r.path === "/full/sync")!;
    const handler = await loadHandler(route.handler);
    const before = sandbox.requests.length;
    const start = performance.now();
    const result = await call(handler, { method: "POST", path: route.path }, route.timeoutSeconds);
    const wallMs = performance.now() - start;
    const body = JSON.parse(result.body ?? "{}") as { stock: { inventories: number; dimensions_updated: number; failed: unknown[] } };
    return {
      ads,
      wallMs,
      marketplaceCalls: sandbox.requests.length - before,
      inventories: body.stock.inventories,
      dimensionsUpdated: body.stock.dimensions_updated,
      failed: body.stock.failed.length,
    };
  } finally {
    useTable(restore);
    for (const name of MARKETPLACE_ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await sandbox.stop();
  }
}
