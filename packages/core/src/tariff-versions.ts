/**
 * Tariffs by effective date. A tariff is never edited in place: each create, update or delete adds a
 * version that takes effect on a business day, and earlier versions stay as they were. The tariff
 * in force on a day is its version with the latest effective day on or before it (the higher version
 * number when two share a day); a delete in force means the tariff is not.
 */
import type { Tariff } from "./records.js";

export type VersionAction = "create" | "update" | "delete";

export interface TariffVersion {
  tariff_id: number;
  /** 1, 2, 3 … per tariff in the order they were recorded; 0 for a tariff as it was before versions were kept. */
  version: number;
  /** First business day (YYYY-MM-DD) the version is in force; null: since always. */
  effective_from: string | null;
  action: VersionAction;
  /** The tariff's fields from that day on; for a delete, the fields it had (no longer in force). */
  tariff: Tariff;
  actor: string;
  /** The id of the API request that recorded it; null or absent for version 0 and versions recorded before request ids were kept. */
  request_id?: string | null;
  /** When the version was recorded (ISO 8601, UTC); null for version 0. */
  recorded_at: string | null;
}

/** A tariff in force and the version it comes from. */
export interface TariffInForce {
  tariff: Tariff;
  version: number;
}

/** Version 0 of a tariff stored before versions were kept (or loaded from a dataset): in force since always. */
export const baseVersion = (tariff: Tariff): TariffVersion => ({
  tariff_id: tariff.id,
  version: 0,
  effective_from: null,
  action: "create",
  tariff,
  actor: "system",
  recorded_at: null,
});

/** Every tariff's versions: its recorded ones, or version 0 from its stored fields when none was recorded. */
export function allVersions(stored: readonly Tariff[], recorded: readonly TariffVersion[]): TariffVersion[] {
  const versioned = new Set(recorded.map((version) => version.tariff_id));
  const versions = [...recorded, ...stored.filter((tariff) => !versioned.has(tariff.id)).map(baseVersion)];
  return versions.sort((a, b) => a.tariff_id - b.tariff_id || a.version - b.version);
}

const startsBy = (version: TariffVersion, day: string): boolean => version.effective_from === null || version.effective_from <= day;

/** Later in force: the later effective day, then the later version. */
const supersedes = (a: TariffVersion, b: TariffVersion): boolean =>
  (a.effective_from ?? "") > (b.effective_from ?? "") || ((a.effective_from ?? "") === (b.effective_from ?? "") && a.version > b.version);

/** The version of one tariff in force on the day, deleted ones included; undefined before its first. */
export function versionOn(versions: readonly TariffVersion[], day: string): TariffVersion | undefined {
  let current: TariffVersion | undefined;
  for (const version of versions) if (startsBy(version, day) && (!current || supersedes(version, current))) current = version;
  return current;
}

/** Every tariff in force on the day (deleted ones left out), by id. */
export function tariffsInForce(versions: readonly TariffVersion[], day: string): TariffInForce[] {
  const byTariff = new Map<number, TariffVersion[]>();
  for (const version of versions) byTariff.set(version.tariff_id, [...(byTariff.get(version.tariff_id) ?? []), version]);
  const inForce: TariffInForce[] = [];
  for (const [, own] of [...byTariff].sort(([a], [b]) => a - b)) {
    const current = versionOn(own, day);
    if (current && current.action !== "delete") inForce.push({ tariff: current.tariff, version: current.version });
  }
  return inForce;
}

/** Just the tariffs of `tariffsInForce`. */
export const tariffListOn = (versions: readonly TariffVersion[], day: string): Tariff[] => tariffsInForce(versions, day).map((entry) => entry.tariff);

/** What a write answers beside SPEC's tariff: the version it recorded, without the fields the tariff already shows (nor the request id, which the history shows). */
export type VersionSummary = Omit<TariffVersion, "tariff" | "request_id">;

export const versionSummary = ({ tariff: _tariff, request_id: _request, ...summary }: TariffVersion): VersionSummary => summary;
