import { Messages, Tariffs, type Tariff, type TariffVersions } from "@fulfillment/core";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { changeTariff, createTariffVersion, listTariffsOn, type VersionStamp } from "#storage/tariffs";
import type { TariffBody } from "../contract/tariffs.js";
import { refreshEverySeller } from "#services/read-model/refresh";

/** The overview's warnings count the active tariffs: every seller's are stored again before a write is answered. */
const refreshWarnings = (ref: TableRef): Promise<void> => refreshEverySeller(ref, { views: ["warnings"] });

export interface TariffWrite {
  tariff: Tariff;
  /** The version the write recorded. */
  version: TariffVersions.TariffVersion;
  /** What was assumed or is worth knowing (SPEC allows all of it); empty when nothing was. */
  warnings: Messages.Message[];
}

/** The body's assumptions plus the active tariffs the written one overlaps, logged as one WARN line. */
function settle(version: TariffVersions.TariffVersion, before: readonly Tariff[], body: TariffBody, action: "created" | "updated"): TariffWrite {
  const tariff = version.tariff;
  const warnings = [...body.warnings, ...Tariffs.overlapWarnings(tariff, before)];
  if (warnings.length > 0) {
    logger.warn(`Tariff ${action} with warnings`, { tariff_id: tariff.id, strict: body.strict, warnings: warnings.map((warning) => Messages.render(warning, "en")) });
  }
  return { tariff, version, warnings };
}

/** The tariffs in force on the day a change takes effect: what an overlap is measured against. */
const inForceOn = (ref: TableRef, stamp: VersionStamp): Promise<Tariff[]> => listTariffsOn(ref, stamp.effectiveFrom ?? "0000-00-00");

/**
 * POST /full/tariffs: a new tariff from the body, with what it assumed and what it overlaps. The
 * request key (the client's Idempotency-Key) makes the create happen once however often it is retried.
 */
export async function createTariffFromBody(ref: TableRef, body: TariffBody, stamp: VersionStamp, requestKey?: string): Promise<TariffWrite> {
  const fields = Tariffs.tariffFromCreateBody(body.input);
  // Read before writing: a failed read leaves nothing stored.
  const before = await inForceOn(ref, stamp);
  const version = await createTariffVersion(ref, fields, stamp, requestKey);
  await refreshWarnings(ref);
  return settle(version, before, body, "created");
}

/** PUT /full/tariffs/{id}: a new version from the stamp's day with the fields present in the body changed, as on create. */
export async function updateTariffFromBody(ref: TableRef, id: number, body: TariffBody, stamp: VersionStamp): Promise<TariffWrite> {
  const patch = Tariffs.tariffPatchFromBody(body.input);
  const before = await inForceOn(ref, stamp);
  // The patched tariff must still be a valid volume band (max above min), as on create.
  const version = await changeTariff(ref, id, stamp, (current) => Tariffs.applyTariffPatch(current, patch));
  if (!version) throw new Tariffs.TariffNotFoundError(id);
  await refreshWarnings(ref);
  return settle(version, before, body, "updated");
}

/** DELETE /full/tariffs/{id}: the tariff is no longer in force from the stamp's day; its earlier versions stay. */
export async function deleteTariffFrom(ref: TableRef, id: number, stamp: VersionStamp): Promise<TariffVersions.TariffVersion> {
  const version = await changeTariff(ref, id, stamp, () => "delete");
  if (!version) throw new Tariffs.TariffNotFoundError(id);
  await refreshWarnings(ref);
  return version;
}

/** The answer's warnings: the sentences in the request's language (`warnings`) and the same as data (`warning_details`). */
export function warningFields(warnings: readonly Messages.Message[], locale: Messages.Locale): { warnings?: string[]; warning_details?: Messages.DescribedMessage[] } {
  if (warnings.length === 0) return {};
  const details = Messages.describeAll(warnings, locale);
  return { warnings: details.map((detail) => detail.text), warning_details: details };
}
