/**
 * Several accounts' aged-stock reports as one (seller_id=all): every SKU naming its account, in the
 * report's order (projected surcharge at velocity, then without sales, largest first, then SKU,
 * then account), and the totals added up (surcharges to the cent).
 */
import { roundHalfUp } from "../rounding.js";
import { AGED_ACTIONS } from "./action.js";
import { addBuckets, emptyBuckets } from "./buckets.js";
import { emptyCrossing, type Crossing, type CrossingCases } from "./projection.js";
import type { AgedSku, AgedStockBody, AgedTotals } from "./report.js";

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const bySurcharge = (a: AgedSku, b: AgedSku): number =>
  b.projected_surcharge_30d.at_velocity - a.projected_surcharge_30d.at_velocity ||
  b.projected_surcharge_30d.no_sales - a.projected_surcharge_30d.no_sales ||
  compareText(a.sku, b.sku) ||
  compareText(a.seller_id ?? "", b.seller_id ?? "");

const addCrossing = (a: Crossing, b: Crossing): Crossing => ({ days_7: a.days_7 + b.days_7, days_14: a.days_14 + b.days_14, days_30: a.days_30 + b.days_30 });

function addTotals(a: AgedTotals, b: AgedTotals): AgedTotals {
  const crossing: CrossingCases = { no_sales: addCrossing(a.crossing.no_sales, b.crossing.no_sales), at_velocity: addCrossing(a.crossing.at_velocity, b.crossing.at_velocity) };
  return {
    skus: a.skus + b.skus,
    available_units: a.available_units + b.available_units,
    buckets: addBuckets(addBuckets(emptyBuckets(), a.buckets), b.buckets),
    unknown_age_units: a.unknown_age_units + b.unknown_age_units,
    aged_units_now: a.aged_units_now + b.aged_units_now,
    crossing,
    projected_surcharge_30d: {
      no_sales: roundHalfUp(a.projected_surcharge_30d.no_sales + b.projected_surcharge_30d.no_sales, 2),
      at_velocity: roundHalfUp(a.projected_surcharge_30d.at_velocity + b.projected_surcharge_30d.at_velocity, 2),
    },
    actions: Object.fromEntries(AGED_ACTIONS.map((action) => [action, a.actions[action] + b.actions[action]])) as AgedTotals["actions"],
  };
}

const noTotals = (): AgedTotals => ({
  skus: 0,
  available_units: 0,
  buckets: emptyBuckets(),
  unknown_age_units: 0,
  aged_units_now: 0,
  crossing: { no_sales: emptyCrossing(), at_velocity: emptyCrossing() },
  projected_surcharge_30d: { no_sales: 0, at_velocity: 0 },
  actions: Object.fromEntries(AGED_ACTIONS.map((action) => [action, 0])) as AgedTotals["actions"],
});

export function mergedReport(reports: readonly { seller_id: string; report: AgedStockBody }[], today: string): AgedStockBody {
  const skus = reports.flatMap(({ seller_id, report }) => report.skus.map((sku) => ({ ...sku, seller_id }))).sort(bySurcharge);
  const totals = reports.reduce((sum, { report }) => addTotals(sum, report.totals), noTotals());
  return { success: true, today, totals, skus };
}
