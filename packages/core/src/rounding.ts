/** Decimal rounding of figures shown to people (money, days, rates). */

/**
 * Rounds half away from zero on the number's shortest decimal form, so 1.005 → 1.01 and
 * 2.675 → 2.68 as written, not as stored in binary. Non-finite values come back unchanged.
 */
export function roundHalfUp(value: number, decimals: number): number {
  if (!Number.isInteger(decimals)) throw new RangeError(`decimals must be an integer: ${decimals}`);
  if (!Number.isFinite(value)) return value;
  const fast = roundAwayFromTie(value, decimals);
  if (fast !== undefined) return fast;
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

const POWERS_OF_TEN = Array.from({ length: 16 }, (_, n) => 10 ** n);
/** Below this many units, |value| × 10^decimals is off its decimal form by far less than TIE_MARGIN. */
const FAST_UNITS_LIMIT = 1e9;
const TIE_MARGIN = 1e-6;

/**
 * The same result without text for values clearly away from a tie: there the binary and the
 * decimal form round the same way, and units / 10^decimals is exactly what Number("<units>e-n")
 * reads (both are correctly rounded). Undefined near a tie or out of range.
 */
function roundAwayFromTie(value: number, decimals: number): number | undefined {
  const power = POWERS_OF_TEN[decimals];
  if (power === undefined) return undefined;
  const scaled = Math.abs(value) * power;
  if (!(scaled < FAST_UNITS_LIMIT) || Math.abs(scaled - Math.floor(scaled) - 0.5) <= TIE_MARGIN) return undefined;
  const rounded = Math.round(scaled) / power;
  return (value < 0 ? -rounded : rounded) + 0; // + 0 turns -0 into 0
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
