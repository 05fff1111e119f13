/** Decimal rounding of figures shown to people (money, days, rates). */

/**
 * Rounds half away from zero on the number's shortest decimal form, so 1.005 → 1.01 and
 * 2.675 → 2.68 as written, not as stored in binary. Non-finite values come back unchanged.
 */
export function roundHalfUp(value: number, decimals: number): number {
  if (!Number.isInteger(decimals)) throw new RangeError(`decimals must be an integer: ${decimals}`);
  if (!Number.isFinite(value)) return value;
  // String() gives the shortest text that reads back as the same number, e.g. "1.005" or "1e-7".
  const [mantissa = "", exponent = "0"] = String(Math.abs(value)).split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  const digits = whole + fraction;
  const kept = whole.length + Number(exponent) + decimals; // digits left of the rounding position
  if (kept >= digits.length) return value + 0; // + 0 turns -0 into 0
  if (kept < 0) return 0;
  let units = kept === 0 ? 0n : BigInt(digits.slice(0, kept));
  if (digits.charCodeAt(kept) >= 53 /* "5" */) units += 1n;
  if (units === 0n) return 0;
  const rounded = Number(`${units}e${-decimals}`);
  return value < 0 ? -rounded : rounded;
}

/**
 * Rounds an exact count of 10^-scale units half away from zero to `decimals` places;
 * used where a sum is kept in integers to avoid binary drift.
 */
export function roundScaled(units: bigint, scale: number, decimals: number): number {
  if (decimals >= scale) return Number(`${units}e${-scale}`);
  const step = 10n ** BigInt(scale - decimals);
  const magnitude = units < 0n ? -units : units;
  const rounded = (magnitude + step / 2n) / step;
  if (rounded === 0n) return 0;
  const value = Number(`${rounded}e${-decimals}`);
  return units < 0n ? -value : value;
}
