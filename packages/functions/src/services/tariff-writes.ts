import { Messages, Tariffs, type Tariff } from "@fulfillment/core";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { createTariff, getTariff, listTariffs, updateTariff } from "#storage/tariffs";

/** A create or update body as the tariff rules read it (handlers/tariffs/contract.ts builds it from the request). */
export interface TariffBody {
  input: unknown;
  /** The client asked for `Prefer: handling=strict`. */
  strict: boolean;
  /** What the lenient path assumed: SPEC's defaults for a field left out, a body that was not JSON. */
  warnings: Messages.Message[];
}

export interface TariffWrite {
  tariff: Tariff;
  /** What was assumed or is worth knowing (SPEC allows all of it); empty when nothing was. */
  warnings: Messages.Message[];
}

/** The body's assumptions plus the active tariffs the written one overlaps, logged as one WARN line. */
function settle(tariff: Tariff, before: readonly Tariff[], body: TariffBody, action: "created" | "updated"): TariffWrite {
  const warnings = [...body.warnings, ...Tariffs.overlapWarnings(tariff, before)];
  if (warnings.length > 0) {
    logger.warn(`Tariff ${action} with warnings`, { tariff_id: tariff.id, strict: body.strict, warnings: warnings.map((warning) => Messages.render(warning, "en")) });
  }
  return { tariff, warnings };
}

/**
 * POST /full/tariffs: a new tariff from the body, with what it assumed and what it overlaps. The
 * request key (the client's Idempotency-Key) makes the create happen once however often it is retried.
 */
export async function createTariffFromBody(ref: TableRef, body: TariffBody, requestKey?: string): Promise<TariffWrite> {
  const fields = Tariffs.tariffFromCreateBody(body.input);
  // Read before writing: a failed read leaves nothing stored.
  const before = await listTariffs(ref);
  return settle(await createTariff(ref, fields, requestKey), before, body, "created");
}

/** PUT /full/tariffs/{id}: the fields present in the body changed, as on create. */
export async function updateTariffFromBody(ref: TableRef, id: number, body: TariffBody): Promise<TariffWrite> {
  const patch = Tariffs.tariffPatchFromBody(body.input);
  const current = await getTariff(ref, id);
  if (!current) throw new Tariffs.TariffNotFoundError(id);
  // The patched tariff must still be a valid volume band (max above min), as on create.
  Tariffs.applyTariffPatch(current, patch);
  const before = await listTariffs(ref);
  const tariff = await updateTariff(ref, id, patch);
  if (!tariff) throw new Tariffs.TariffNotFoundError(id);
  return settle(tariff, before, body, "updated");
}

/** The answer's warnings: the sentences in the request's language (`warnings`) and the same as data (`warning_details`). */
export function warningFields(warnings: readonly Messages.Message[], locale: Messages.Locale): { warnings?: string[]; warning_details?: Messages.DescribedMessage[] } {
  if (warnings.length === 0) return {};
  const details = Messages.describeAll(warnings, locale);
  return { warnings: details.map((detail) => detail.text), warning_details: details };
}
