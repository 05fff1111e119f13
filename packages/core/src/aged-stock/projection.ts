/**
 * Aged-stock projection of one SKU over the next 30 days, first-in-first-out.
 *
 * A unit is aged on a day when its age that day (days since its reception) is above the tariff's
 * `aged_days_threshold` T, the cost engine's rule (storage-cost.ts charges oldest − T days). Day k
 * is today + k (k = 1 … 30). Two cases:
 * - no sales: every unit stays; a unit aged a today is past T on the days k with a + k > T.
 * - at velocity v: by the end of day k, ⌊v × k⌋ units have been sold, oldest first (units of
 *   unknown age first: the sync found no reception for them, so they arrived before every known
 *   lot). A unit counts on day k only if it is still in stock at the end of that day.
 *
 * Figures:
 * - aged_units_now: units with a > T today.
 * - crossing within N days (7, 14, 30): units with a ≤ T that pass T on a day k ≤ N (k = T − a + 1);
 *   at velocity, only those still in stock at the end of that day.
 * - aged unit-days over the 30 days: the sum over the days of the units past T that day. The
 *   surcharge is unit-days × daily_fee × aged_daily_factor (see report.ts).
 * Units of unknown age are in none of these figures: whether they are past T is not known.
 *
 * Worked example, T = 90, no sales: 10 units aged 95 → aged now, 10 × 30 = 300 unit-days;
 * 5 units aged 85 → cross on day 6 (within 7, 14 and 30), past T on days 6 … 30: 5 × 25 = 125.
 * At v = 1/day the 10 oldest are sold by day 10 (9 + 8 + … + 0 = 45 unit-days), and the 5 units aged
 * 85 are sold on days 11 … 15, after crossing on day 6: they still cross within 7 days and add
 * 5 × 5 (days 6–10) + 4 + 3 + 2 + 1 + 0 = 35 unit-days.
 */

export const PROJECTION_DAYS = 30;
export const CROSSING_WINDOWS = [7, 14, 30] as const;

export interface Crossing {
  days_7: number;
  days_14: number;
  days_30: number;
}

export interface CrossingCases {
  no_sales: Crossing;
  at_velocity: Crossing;
}

export interface Projection {
  aged_units_now: number;
  crossing: CrossingCases;
  /** Unit-days past the threshold over the next 30 days, in each case. */
  aged_unit_days: { no_sales: number; at_velocity: number };
}

export interface StockLot {
  /** Index of the inventory the units belong to (its figures are kept apart). */
  owner: number;
  /** Age in days today; null for units of unknown age. */
  ageDays: number | null;
  units: number;
}

export const emptyCrossing = (): Crossing => ({ days_7: 0, days_14: 0, days_30: 0 });

export const emptyProjection = (): Projection => ({
  aged_units_now: 0,
  crossing: { no_sales: emptyCrossing(), at_velocity: emptyCrossing() },
  aged_unit_days: { no_sales: 0, at_velocity: 0 },
});

/** Adds `from` into `into`, figure by figure. */
export function addProjection(into: Projection, from: Projection): Projection {
  into.aged_units_now += from.aged_units_now;
  for (const sales of ["no_sales", "at_velocity"] as const) {
    for (const days of CROSSING_WINDOWS) into.crossing[sales][`days_${days}`] += from.crossing[sales][`days_${days}`];
    into.aged_unit_days[sales] += from.aged_unit_days[sales];
  }
  return into;
}

/** Whole units sold by the end of day k at the velocity. */
const soldBy = (velocity: number, day: number): number => (velocity > 0 ? Math.floor(velocity * day + 1e-9) : 0);

/** Selling order: unknown age first, then oldest first; equal ages keep their input order. */
function sellingOrder(lots: readonly StockLot[]): StockLot[] {
  return lots
    .map((lot, index) => ({ lot, index }))
    .sort((a, b) => {
      const ageA = a.lot.ageDays ?? Number.POSITIVE_INFINITY;
      const ageB = b.lot.ageDays ?? Number.POSITIVE_INFINITY;
      return ageA === ageB ? a.index - b.index : ageB - ageA;
    })
    .map(({ lot }) => lot);
}

/**
 * The projection of each owner's lots (indexed by owner) for a threshold and velocity. The
 * lots of all owners sell as one stock, oldest first.
 */
export function projectAgeing(lots: readonly StockLot[], thresholdDays: number, velocity: number, owners: number): Projection[] {
  const result = Array.from({ length: owners }, emptyProjection);
  let soldBefore = 0; // units ahead of this lot in the selling order
  for (const lot of sellingOrder(lots)) {
    if (!(lot.units > 0)) continue;
    const cumulative = soldBefore + lot.units;
    soldBefore = cumulative;
    if (lot.ageDays === null) continue;
    const projection = result[lot.owner]!;
    const age = Math.max(0, lot.ageDays);
    const inStockAtEndOf = (day: number): number => Math.max(0, Math.min(lot.units, cumulative - soldBy(velocity, day)));

    if (age > thresholdDays) projection.aged_units_now += lot.units;
    else {
      const crossingDay = thresholdDays - age + 1;
      for (const days of CROSSING_WINDOWS) {
        if (crossingDay > days) continue;
        projection.crossing.no_sales[`days_${days}`] += lot.units;
        projection.crossing.at_velocity[`days_${days}`] += inStockAtEndOf(crossingDay);
      }
    }
    for (let day = 1; day <= PROJECTION_DAYS; day++) {
      if (age + day <= thresholdDays) continue;
      projection.aged_unit_days.no_sales += lot.units;
      projection.aged_unit_days.at_velocity += inStockAtEndOf(day);
    }
  }
  return result;
}
