/** Whole units of a shipment: rounding up without float noise, and case packs. */

/** Rounds up to whole units; 3.0000000000000004 (0.1 × 30) counts as 3, not 4. */
export const ceilUnits = (value: number): number => Math.ceil(Math.round(value * 1e6) / 1e6);

/**
 * Units rounded up to whole case packs: 22 units in packs of 12 → 24; 24 → 24; 0 → 0.
 * No case pack (null, or 1) leaves the units as they are.
 */
export function roundUpToCasePack(units: number, casePack: number | null | undefined): number {
  if (units <= 0) return 0;
  if (!casePack || casePack <= 1) return units;
  return Math.ceil(units / casePack) * casePack;
}

/** A stored count as a number: missing or not finite counts as 0. */
export const unitsOf = (value: number | null | undefined): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);
