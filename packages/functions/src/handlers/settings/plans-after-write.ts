import { table } from "#storage/client";
import { PLAN_SETTINGS_GROUP } from "#services/consolidated-restock";
import { storeConsolidated } from "#services/read-model/refresh";

/**
 * After a write of a settings group: a change of the stock settings (shared, or one account's own)
 * changes the plans of every account, which are stored again rather than computed per request
 * until the next rebuild.
 */
export async function storePlansAfter(group: string): Promise<void> {
  if (group === PLAN_SETTINGS_GROUP) await storeConsolidated(table());
}
