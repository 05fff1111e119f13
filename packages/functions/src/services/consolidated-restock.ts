/**
 * The restock plan of several accounts sharing one local warehouse (core restock/allocation.ts):
 * each account's plan input read in its own scope, the shared local stock read once, each SKU's
 * local units allocated across the accounts by urgency.
 */
import { Restock } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listLocalStock } from "#storage/local-stock";
import { withScope } from "#storage/scope";
import { cachedSellers, type Seller } from "#storage/sellers";
import { readRestockInput, type RestockQuery } from "./read-model/restock-plan.js";

export interface ConsolidatedRestock extends Restock.ConsolidatedPlans {
  sellers: Seller[];
  /** today, target_days and horizon_days of every plan. */
  frame: Omit<Restock.RestockPlanBody, "items">;
}

/**
 * Every connected account's plan within its share of the local stock; undefined with fewer than
 * two accounts, whose plan is its own. All accounts share the warehouse whoever asks, so an
 * account's plan is the same whichever others the caller may see.
 */
export async function consolidatedRestock(ref: TableRef, query: RestockQuery, now = new Date()): Promise<ConsolidatedRestock | undefined> {
  const sellers = await cachedSellers(ref);
  if (sellers.length < 2) return undefined;
  const [localStock, ...inputs] = await Promise.all([
    listLocalStock(ref),
    ...sellers.map((seller) => withScope(seller.scope, () => readRestockInput(ref, query, now))),
  ]);
  const plans = Restock.consolidatedPlans(
    sellers.map((seller, index) => {
      const { localStock: _own, allowance: _none, ...input } = inputs[index]!;
      return { seller_id: seller.user_id, input };
    }),
    localStock,
  );
  const first = inputs[0]!;
  return { ...plans, sellers, frame: { success: true, today: first.today, target_days: first.targetDays, horizon_days: first.horizonDays } };
}
