/** The marketplace's identifiers, in the shapes it gives them, drawn without repeats. */
import type { Draws } from "../random.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";

export function digits(draws: Draws, count: number): string {
  let text = "";
  for (let i = 0; i < count; i++) text += draws.pick([...DIGITS]);
  return text;
}

/** An id `make` draws that is not taken yet; it is then taken. */
export function uniqueId(taken: Set<string>, make: () => string): string {
  for (;;) {
    const id = make();
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

export const adId = (draws: Draws): string => `MLB${draws.int(3, 5)}${digits(draws, 9)}`;

export const variationId = (draws: Draws): string => `1800000${digits(draws, 5)}`;

/** Four letters and five digits, as fulfillment inventories are named. */
export function inventoryId(draws: Draws): string {
  let id = "";
  for (let i = 0; i < 4; i++) id += draws.pick([...LETTERS]);
  for (let i = 0; i < 5; i++) id += draws.pick([...DIGITS]);
  return id;
}
