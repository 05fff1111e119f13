/**
 * One local warehouse feeding the Full stock of several accounts: the consolidated restock plan
 * shares each SKU's local units among the accounts' needs, most urgent first, so that no unit is
 * suggested twice.
 *
 * - An account's need for a SKU is what its own plan would send with unlimited local stock:
 *   quantity_needed rounded up to the case pack.
 * - Urgency follows the plan's own order: ship_by, then coverage_days. Snoozed lines come after
 *   all others, so a SKU an account put off does not take units another account needs. Ties go to
 *   the smaller seller id, so the split is the same on every run.
 * - In that order each account gets min(need, units left), as the single plan caps its rounded
 *   quantity by the local stock (a case-pack multiple only when enough is left), drawn from the
 *   warehouses with the most units left first.
 * With one account this gives exactly the single plan's quantity and sources.
 *
 * Example: 50 local units; account B runs out in 3 days and needs 40, account A in 9 days and
 * needs 24 → B gets 40, A gets 10 and is 14 short.
 */
import type { LocalStockRow } from "../records.js";
import { byMostUnits, drawSources, localStockBySku, totalUnits, type ShipmentSource } from "./local-stock.js";
import { computeRestockPlan, type RestockLine, type RestockPlanBody, type RestockPlanInput } from "./plan.js";
import { roundUpToCasePack, unitsOf } from "./units.js";

/** What an account's plan asks of the local stock for one SKU, and how urgently. */
export interface SkuNeed {
  sku: string;
  /** Units the plan would send with unlimited local stock. */
  units: number;
  ship_by: string;
  coverage_days: number;
  snoozed: boolean;
}

export interface SellerNeeds {
  seller_id: string;
  needs: readonly SkuNeed[];
}

/** What the consolidated plan leaves one account of one SKU's local stock. */
export interface SkuAllocation {
  seller_id: string;
  sku: string;
  need: number;
  /** Units the account may send; sources add up to it. */
  quantity: number;
  /** need − quantity: what the local stock cannot cover after more urgent accounts. */
  unmet: number;
  sources: ShipmentSource[];
}

/** An account's needs, from its plan computed alone (its local figures are not used). */
export const needsOf = (plan: Pick<RestockPlanBody, "items">): SkuNeed[] => plan.items.map(needOf);

const needOf = (line: RestockLine): SkuNeed => ({
  sku: line.sku,
  units: roundUpToCasePack(line.quantity_needed, line.case_pack),
  ship_by: line.ship_by,
  coverage_days: line.coverage_days,
  snoozed: line.status === "snoozed",
});

interface Claim {
  sellerId: string;
  need: SkuNeed;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Most urgent first (order at the top). */
const byUrgency = (a: Claim, b: Claim): number =>
  Number(a.need.snoozed) - Number(b.need.snoozed) ||
  compareText(a.need.ship_by, b.need.ship_by) ||
  a.need.coverage_days - b.need.coverage_days ||
  compareText(a.sellerId, b.sellerId);

/** Claims per SKU; a seller listed twice, or a SKU twice in one seller's needs, is a caller's bug. */
function claimsBySku(sellers: readonly SellerNeeds[]): Map<string, Claim[]> {
  const bySku = new Map<string, Claim[]>();
  const sellerIds = new Set<string>();
  for (const { seller_id: sellerId, needs } of sellers) {
    if (sellerIds.has(sellerId)) throw new Error(`seller ${sellerId} is listed twice`);
    sellerIds.add(sellerId);
    for (const need of needs) {
      const claims = bySku.get(need.sku) ?? [];
      if (claims.some((claim) => claim.sellerId === sellerId)) throw new Error(`seller ${sellerId} needs SKU ${need.sku} twice`);
      claims.push({ sellerId, need });
      bySku.set(need.sku, claims);
    }
  }
  return bySku;
}

/** Takes the drawn units out of what is left (drawSources takes the warehouses in order). */
function takeFrom(left: readonly ShipmentSource[], drawn: readonly ShipmentSource[]): ShipmentSource[] {
  return left
    .map((source, index) => ({ warehouse: source.warehouse, units: source.units - (drawn[index]?.units ?? 0) }))
    .filter((source) => source.units > 0)
    .sort(byMostUnits);
}

/**
 * Every account's share of each SKU it needs, per SKU in SKU order and within a SKU most urgent
 * first. A need of 0 still gets its row (nothing to send, nothing unmet).
 */
export function allocateLocalStock(sellers: readonly SellerNeeds[], localStock: readonly LocalStockRow[]): SkuAllocation[] {
  const warehousesBySku = localStockBySku(localStock);
  const allocations: SkuAllocation[] = [];
  const bySku = [...claimsBySku(sellers)].sort(([a], [b]) => compareText(a, b));
  for (const [sku, claims] of bySku) {
    let left = warehousesBySku.get(sku) ?? [];
    for (const { sellerId, need: skuNeed } of claims.sort(byUrgency)) {
      const need = Math.max(0, unitsOf(skuNeed.units));
      const quantity = Math.min(need, totalUnits(left));
      const sources = drawSources(quantity, left);
      left = takeFrom(left, sources);
      allocations.push({ seller_id: sellerId, sku, need, quantity, unmet: need - quantity, sources });
    }
  }
  return allocations;
}

/** The local units left to one account per SKU: its plan's allowance. */
export function allowanceOf(allocations: readonly SkuAllocation[], sellerId: string): Map<string, ShipmentSource[]> {
  const allowance = new Map<string, ShipmentSource[]>();
  for (const allocation of allocations) if (allocation.seller_id === sellerId) allowance.set(allocation.sku, allocation.sources);
  return allowance;
}

/** An account's own plan as the consolidated plan leaves it: its lines send only its share. */
export const sellerPlan = (input: RestockPlanInput, allocations: readonly SkuAllocation[], sellerId: string): RestockPlanBody =>
  computeRestockPlan({ ...input, allowance: allowanceOf(allocations, sellerId) });

/** One account's plan inputs; the local stock is the deployment's, given once. */
export interface SellerPlanInput {
  seller_id: string;
  input: Omit<RestockPlanInput, "localStock" | "allowance">;
}

export interface ConsolidatedPlans {
  allocations: SkuAllocation[];
  /** Each account's own plan, by seller id. */
  plans: Map<string, RestockPlanBody>;
}

/**
 * Every account's plan over one shared warehouse: each plan alone gives the needs, the
 * allocation shares the local stock, then each plan is drawn again within its share.
 */
export function consolidatedPlans(sellers: readonly SellerPlanInput[], localStock: readonly LocalStockRow[]): ConsolidatedPlans {
  const needs = sellers.map(({ seller_id, input }) => ({ seller_id, needs: needsOf(computeRestockPlan({ ...input, localStock })) }));
  const allocations = allocateLocalStock(needs, localStock);
  const plans = new Map(sellers.map(({ seller_id, input }) => [seller_id, sellerPlan({ ...input, localStock }, allocations, seller_id)]));
  return { allocations, plans };
}

const byShipBy = (a: RestockLine, b: RestockLine): number =>
  compareText(a.ship_by, b.ship_by) || a.coverage_days - b.coverage_days || compareText(a.sku, b.sku) || compareText(a.seller_id ?? "", b.seller_id ?? "");

/**
 * The consolidated plan as one answer: the lines of the accounts asked for, each as its own plan
 * sends it within its share and naming its account, in the plan's order (ship_by, then coverage).
 */
export function mergedPlan(plans: ReadonlyMap<string, RestockPlanBody>, sellerIds: readonly string[], frame: Omit<RestockPlanBody, "items">): RestockPlanBody {
  const items = sellerIds.flatMap((sellerId) => (plans.get(sellerId)?.items ?? []).map((line) => ({ ...line, seller_id: sellerId })));
  return { ...frame, items: items.sort(byShipBy) };
}
