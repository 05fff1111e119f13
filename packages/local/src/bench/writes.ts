import type { TableRef } from "@fulfillment/functions/storage/client";
import { measureImports } from "./imports.js";
import { progress, type Report } from "./report.js";
import { PLAN, SYNC_LATENCY_MS } from "./stages.js";
import { measureSync, reportSync, syncSizes, type SyncFigures } from "./sync.js";

/**
 * The write paths' figures: a sync into its own table, then the imports into the bench's table
 * (which holds as many ads as the imports have rows). Measured before the largest size loads, so
 * the engine is not also holding 100,000 records; a failure is reported and the run goes on.
 */
export async function measureWrites(report: Report, endpoint: string, today: string, restore: TableRef): Promise<SyncFigures[]> {
  const sync: SyncFigures[] = [];
  for (const ads of syncSizes(PLAN.syncAds)) {
    progress(`sync of ${ads} Full ads at ${SYNC_LATENCY_MS} ms per marketplace call`);
    const figures = await measureSync(endpoint, today, ads, SYNC_LATENCY_MS, restore).catch((error: Error) => {
      console.log(`# sync figures at ${ads} ads failed: ${error.message}`);
      return undefined;
    });
    if (!figures) continue;
    reportSync(report, figures);
    sync.push(figures);
  }

  progress(`imports of ${PLAN.importRows} CSV rows through the PUT handlers`);
  const imports = await measureImports(PLAN.importRows).catch((error: Error) => {
    console.log(`# import figures failed: ${error.message}`);
    return undefined;
  });
  if (!imports) return sync;
  const rowsName = `n${imports.rows}`;
  report.figure(`import.body.${rowsName}`, imports.bodyBytes / 1024, "KB");
  report.figure(`import.local_stock.${rowsName}.first.wall`, imports.localStockFirstMs / 1000, "s");
  report.figure(`import.local_stock.${rowsName}.replace_one.wall`, imports.localStockReplaceMs / 1000, "s");
  report.figure(`import.costs.${rowsName}.wall`, imports.costsMs / 1000, "s");
  report.figure(`import.${rowsName}.rss_peak`, imports.rssPeakMb, "MB");
  return sync;
}
