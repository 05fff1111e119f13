/**
 * The overview's warnings: no active tariff and no local stock as they are now, ads without
 * dimensions and no sales as the last successful sync found the catalogue. Their inputs are small:
 * the read model keeps them on its state item (the `warnings` view), so the overview reads them
 * with its body in one GetItem; the live path reads them from their records.
 */
import { Messages, MissingInputs, TariffVersions, type Tariff } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listTariffVersions } from "#storage/tariffs";
import { hasLocalStock } from "#storage/local-stock";
import { lastSucceededRun } from "#storage/sync/runs";
import { businessToday } from "../business-time.js";
import { answerKey, defineView, type ViewEntry } from "./view.js";

/** A tariff version as the warnings need it: when it takes effect and whether the tariff is active. */
export interface TariffActivity {
  tariff_id: number;
  version: number;
  effective_from: string | null;
  action: TariffVersions.VersionAction;
  active: boolean;
}

export interface WarningInputs {
  tariffs: TariffActivity[];
  /** Whether any local stock row is recorded. */
  local_stock: boolean;
  /** The last successful run's catalogue warnings (no dimensions, no sales). */
  run_warnings: Messages.Message[];
}

/** The inputs, read from their records (`consistent` for a view build: nothing acknowledged before is missed). */
export async function readWarningInputs(ref: TableRef, { consistent = false } = {}): Promise<WarningInputs> {
  const [versions, localStock, lastRun] = await Promise.all([
    listTariffVersions(ref, { consistent }),
    hasLocalStock(ref, { consistent }),
    lastSucceededRun(ref, { consistent }),
  ]);
  const catalogue = MissingInputs.CATALOGUE_WARNING_CODES as readonly string[];
  return {
    tariffs: versions.map(({ tariff_id, version, effective_from, action, tariff }) => ({ tariff_id, version, effective_from, action, active: tariff.active === true })),
    local_stock: localStock,
    run_warnings: (lastRun?.result?.warnings ?? []).filter((warning) => catalogue.includes(warning.code)).map(({ code, params }) => ({ code, params })),
  };
}

/** The warnings on a business day, in the order tariffs, catalogue, local stock. */
export function describeWarnings(inputs: WarningInputs, today: string, locale: Messages.Locale): Messages.DescribedMessage[] {
  const versions = inputs.tariffs.map((entry): TariffVersions.TariffVersion => ({
    ...entry,
    // Only whether it is active counts here.
    tariff: { id: entry.tariff_id, active: entry.active } as Tariff,
    actor: "",
    recorded_at: null,
  }));
  const inForce = TariffVersions.tariffListOn(versions, today);
  const now = MissingInputs.missingInputWarnings({ activeTariffs: inForce.filter((tariff) => tariff.active === true).length, localStockRows: inputs.local_stock ? 1 : 0 });
  const [tariffWarnings, stockWarnings] = [now.filter((w) => w.code === "no_active_tariffs"), now.filter((w) => w.code === "no_local_stock")];
  return Messages.describeAll([...tariffWarnings, ...inputs.run_warnings, ...stockWarnings], locale);
}

/** The warnings' inputs, kept on the state item beside the overview's body; `key` fingerprints them. */
export const warningsView = defineView(
  "warnings",
  ["tariff", "tariff-version", "sync-run", "local_stock"],
  async ({ ref, publish }) => {
    const inputs = await readWarningInputs(ref, { consistent: true });
    return publish({ inputs, key: answerKey(inputs) });
  },
  { ownInputs: true },
);

/** The warnings read from the records (the live path). */
export async function overviewWarnings(ref: TableRef, locale: Messages.Locale): Promise<Messages.DescribedMessage[]> {
  const [inputs, today] = await Promise.all([readWarningInputs(ref), businessToday(ref)]);
  return describeWarnings(inputs, today, locale);
}

/** Described warnings' texts by the fingerprint of their inputs, the day and the language: the same for every read until one changes. */
const described = new Map<string, string>();
const MAX_DESCRIBED = 16;

/** The warnings of a current view's inputs described, as JSON; undefined when the entry holds no inputs. */
export async function storedWarningsText(ref: TableRef, entry: ViewEntry, locale: Messages.Locale): Promise<string | undefined> {
  const inputs = entry.inputs as WarningInputs | undefined;
  return inputs && describedText(inputs, entry.key, await businessToday(ref), locale);
}

/** The warnings of the stored inputs described, as JSON; kept when the view fingerprints its inputs (`key`). */
function describedText(inputs: WarningInputs, key: unknown, today: string, locale: Messages.Locale): string {
  if (typeof key !== "string") return JSON.stringify(describeWarnings(inputs, today, locale));
  const id = `${key}\n${today}\n${locale}`;
  let text = described.get(id);
  if (text === undefined) {
    if (described.size >= MAX_DESCRIBED) described.clear();
    text = JSON.stringify(describeWarnings(inputs, today, locale));
    described.set(id, text);
  }
  return text;
}
