/**
 * The size limits of the contract's fields: every text, list and whole number the API takes or
 * gives is bounded here, so the request schemas refuse what is over them (400) and the document
 * states them. Chosen from the data, with room above what the service stores: a limit that a
 * stored answer could pass would make a valid answer break its own contract.
 */
import type * as z from "zod/mini";
import { Imports } from "@fulfillment/core";
import { explain, type Explanation } from "../error-texts.js";

/** An alert subscription's target: a webhook URL or an e-mail address (services/alerts/targets.ts checks it). */
export const MAX_TARGET_LENGTH = 2048;

export const LIMITS = {
  /** Marketplace ids (MLB and 10 to 12 digits, inventory ids of 8 to 12 characters), run, change and subscription ids. */
  idChars: 64,
  /** A seller's SKU: the imports take up to 255 characters (core/imports.ts), the planning path 200. */
  skuChars: Imports.MAX_KEY_LENGTH,
  /**
   * An ad's title: 60 on Mercado Livre Brasil (catalogo.titulo_max_chars), but a title is stored as
   * the marketplace or the loader gave it, with no bound of its own: a DynamoDB item's 400 KB bounds it.
   */
  titleChars: 400_000,
  /** A name: a warehouse (core/imports.ts takes 100), a tariff, a settings key. */
  nameChars: 255,
  /** A sentence: an error, a reason, a warning, a run's failure. */
  sentenceChars: 4000,
  /** A URL: a thumbnail, a permalink, a webhook (services/alerts/targets.ts). */
  urlChars: 2048,
  /** An ISO 8601 date-time with fractions and an offset. */
  dateTimeChars: 40,
  /** YYYY-MM-DD. */
  dayChars: 10,
  /** A query value: the longest the API reads is a SKU. */
  queryChars: Imports.MAX_KEY_LENGTH,
  /** A setting as stored text: the group's whole budget (a list or object is stored as JSON text). */
  settingChars: 3_500_000,

  /** Units of stock and sales: core/imports.ts takes at most a billion; sums over a catalogue stay within int32. */
  unitsMax: 2_147_483_647,
  /** Days (an age, a coverage, a lead time): a century, above any lot or plan (core/restock/plan.ts caps plans at ten years). */
  daysMax: 36_500,
  /** A duration in milliseconds: a run lasts at most hours; a day of milliseconds with room. */
  millisecondsMax: 2_147_483_647,
  /** A JavaScript integer exactly representable (stored log ids, legacy numeric values). */
  safeIntegerMax: Number.MAX_SAFE_INTEGER,

  /** Rows of a JSON import: a 3 MiB body holds about 130,000 of the smallest rows. */
  importRows: 150_000,
  /** One answer per ad or SKU: the Lambda payload limit holds about 200,000 of the smallest rows (the bench catalogue has 100,000). */
  catalogueItems: 1_000_000,
  /** Short lists: an item's reasons, warnings, kinds, lots, warehouses. */
  shortList: 1_000,
  /** The days of a report: a month, or the 60-day series. */
  days: 400,
  /** A settings list (custos_fixos and the like). */
  settingItems: 10_000,
} as const;

/** Where an issue is, as a reader names it: the field's path inside its part (`[2].sku`), or the part itself. */
export function fieldName(path: readonly PropertyKey[] = []): string {
  const inside = path.slice(1);
  if (inside.length === 0) return String(path[0] ?? "body");
  return inside.map((segment, i) => (typeof segment === "number" ? `[${segment}]` : `${i > 0 ? "." : ""}${String(segment)}`)).join("");
}

/**
 * The refusal of a value over (or under) one of the contract's bounds, naming the field; undefined
 * for any other issue. Used where a bound carries no sentence of its own.
 */
export function boundRefusal(issue: z.core.$ZodIssue): Explanation | undefined {
  const name = fieldName(issue.path);
  if (issue.code === "too_big") {
    const max = Number(issue.maximum);
    if (issue.origin === "string") return explain("at_most_characters", { name, max });
    if (issue.origin === "array") return explain("at_most_items", { name, max });
    if (issue.origin === "number" || issue.origin === "int") return explain("at_most_value", { name, max });
  }
  if (issue.code === "too_small" && (issue.origin === "number" || issue.origin === "int")) return explain("at_least_value", { name, min: Number(issue.minimum) });
  if (issue.code === "invalid_key") {
    const inner = (issue.issues ?? []).find((candidate) => candidate.code === "too_big") as z.core.$ZodIssueTooBig | undefined;
    if (inner) return explain("key_too_long", { name: fieldName((issue.path ?? []).slice(0, -1)), max: Number(inner.maximum) });
  }
  return undefined;
}
