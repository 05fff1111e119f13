import { Time, type Tariff } from "@fulfillment/core";
import type { TableRef } from "@fulfillment/functions/storage/client";
import { putAds } from "@fulfillment/functions/storage/ads";
import { putInventory } from "@fulfillment/functions/storage/inventory";
import { putDailyStock } from "@fulfillment/functions/storage/daily-stock";
import { putLocalStock } from "@fulfillment/functions/storage/local-stock";
import { putMetrics } from "@fulfillment/functions/storage/metrics";
import { putPlanning } from "@fulfillment/functions/storage/planning";
import { putLedgerRows } from "@fulfillment/functions/storage/storage-ledger";
import { createTariff, putTariffs } from "@fulfillment/functions/storage/tariffs";
import { writeGroupEntries } from "@fulfillment/functions/storage/settings";
import { putSystemLogs } from "@fulfillment/functions/storage/system-logs";
import { putCredential, putCredentials } from "@fulfillment/functions/storage/credentials";
import { cachedSellers, registerSeller, replaceOnlySeller } from "@fulfillment/functions/storage/sellers";
import { explicitScope, withScope } from "@fulfillment/functions/storage/scope";
import { businessTimeZone } from "@fulfillment/functions/services/business-time";
import { refreshScopes } from "@fulfillment/functions/services/read-model/refresh";
import { DatasetError, parseDataset, type Dataset } from "./schema.js";
import { checkRowSellers, isSellerKind, rowsByScope } from "./seller-rows.js";

export interface LoadSummary {
  [kind: string]: number;
}

/** Validates the whole dataset first, then upserts every record kind in batches. */
export async function loadDataset(ref: TableRef, input: unknown): Promise<LoadSummary> {
  return writeDataset(ref, parseDataset(input));
}

type Credentials = NonNullable<Dataset["credentials"]>;
const sellerOf = (credential: Credentials[number]): string | undefined =>
  credential.provider === "mercadolivre" && credential.user_id !== null && credential.user_id !== undefined && credential.user_id !== "" ? String(credential.user_id) : undefined;

/** One marketplace credential per seller: two for the same user_id would leave one of them unused. */
function checkSellers(credentials: Credentials): void {
  const seen = new Set<string>();
  const problems: string[] = [];
  credentials.forEach((credential, index) => {
    const seller = sellerOf(credential);
    if (seller === undefined) return;
    if (seen.has(seller)) problems.push(`credentials[${index}].user_id: a second mercadolivre credential for the seller ${seller}`);
    seen.add(seller);
  });
  if (problems.length > 0) throw new DatasetError(problems);
}

/**
 * A marketplace credential with a user_id connects that seller (storage/sellers.ts) and is stored
 * in its scope; the first seller of a table owns the scope the dataset's records are loaded in.
 * `replacing`: the file is a single account's, and its credential replaces the only seller's.
 */
const sellerCredentials = (replacing: boolean) => async (ref: TableRef, credentials: Credentials): Promise<void> => {
  for (const credential of credentials) {
    const seller = sellerOf(credential);
    if (seller === undefined) continue;
    const account = { user_id: seller, nickname: null };
    const at = credential.updated_at ? new Date(credential.updated_at) : new Date();
    const registered = (replacing ? await replaceOnlySeller(ref, account, at) : undefined) ?? (await registerSeller(ref, account, at));
    await withScope(registered.scope, () => putCredential(ref, credential));
  }
  await putCredentials(ref, credentials.filter((credential) => sellerOf(credential) === undefined));
};

/**
 * A file with one marketplace credential whose rows name no seller is a single account's file:
 * loaded while one other seller is connected, its credential replaces that seller's (CONTRACTS §3:
 * a credential's identity is its provider), and the rows stay where they were. Several credentials
 * in one file, or rows naming sellers, connect each user_id as a seller of its own.
 */
function replacesOnlySeller(dataset: Dataset, fileSellers: readonly string[], connected: readonly string[], scopeGiven: boolean): boolean {
  const namesSellers = Object.values(dataset.seller_ids ?? {}).some((ids) => ids?.some((id) => id !== undefined));
  return !scopeGiven && !namesSellers && fileSellers.length === 1 && connected.length === 1 && connected[0] !== fileSellers[0];
}

/** Upserts a dataset that `parseDataset` has already validated. */
export async function writeDataset(ref: TableRef, dataset: Dataset): Promise<LoadSummary> {
  const summary: LoadSummary = {};
  checkSellers(dataset.credentials ?? []);
  const newSellers = (dataset.credentials ?? []).map(sellerOf).filter((seller): seller is string => seller !== undefined);
  const connected = (await cachedSellers(ref, { fresh: true })).map((seller) => seller.user_id);
  // Loaded inside a seller's scope (withScope), the rows that name no seller are that seller's.
  const given = explicitScope();
  const replacing = replacesOnlySeller(dataset, newSellers, connected, given !== undefined);
  checkRowSellers(dataset, replacing ? newSellers : [...new Set([...connected, ...newSellers])], given !== undefined);

  // Log timestamps without an offset are business-zone wall clock: place them before writing anything.
  const zoneSetting = dataset.settings?.findLast((e) => e.key === "fuso_horario" && (e.group ?? "geral") === "geral");
  const zone = zoneSetting ? Time.validTimeZone(zoneSetting.value) : await businessTimeZone(ref, { fresh: true });
  const logs = (dataset.system_logs ?? []).map((entry, index) => {
    const instant = Time.timestampToInstant(zone, entry.timestamp);
    if (!instant) throw new DatasetError([`system_logs[${index}].timestamp: not a valid time`]);
    return { entry, instant: instant.toISOString() };
  });

  const settingsByGroup = new Map<string | null, Dataset["settings"] & object>();
  for (const entry of dataset.settings ?? []) {
    const list = settingsByGroup.get(entry.group) ?? [];
    list.push(entry);
    settingsByGroup.set(entry.group, list);
  }
  for (const [group, entries] of settingsByGroup) {
    await writeGroupEntries(ref, group, {
      entries: Object.fromEntries(entries.map((e) => [e.key, { value: e.value, description: e.description }])),
      replaceDescriptions: true,
      // A dataset holds raw stored entries: loaded as they are, not as a change of the group's history.
      recorded: false,
    });
  }
  summary.settings = dataset.settings?.length ?? 0;

  // Record kinds whose records are stored as they are, in this order.
  const upserts: { [K in keyof Dataset]?: (ref: TableRef, records: NonNullable<Dataset[K]>) => Promise<void> } = {
    credentials: sellerCredentials(replacing),
    ads: putAds,
    inventory: putInventory,
    daily_stock: putDailyStock,
    local_stock: putLocalStock,
    metrics: putMetrics,
    storage_ledger: putLedgerRows,
    planning: putPlanning,
  };
  // A seller's rows load in its scope: the one a row names, else the only seller's (storage/sellers.ts).
  let sellers = await cachedSellers(ref);
  const scopeOf = new Map(sellers.map((seller) => [seller.user_id, seller.scope]));
  const onlyScope = (): string => given ?? (sellers.length === 1 ? sellers[0]!.scope : "");
  let defaultScope = onlyScope();
  const scopes = new Set([defaultScope]);
  for (const [kind, put] of Object.entries(upserts) as [keyof Dataset, (ref: TableRef, records: unknown[]) => Promise<void>][]) {
    const records = (dataset[kind] ?? []) as unknown[];
    if (!isSellerKind(kind)) await put(ref, records);
    else {
      for (const [scope, rows] of rowsByScope(dataset, kind, records, scopeOf, defaultScope)) {
        scopes.add(scope);
        await withScope(scope, () => put(ref, rows));
      }
    }
    summary[kind] = records.length;
    // The credentials come first: the sellers they connect are known from here on.
    if (kind === "credentials") {
      sellers = await cachedSellers(ref);
      for (const seller of sellers) scopeOf.set(seller.user_id, seller.scope);
      defaultScope = onlyScope();
      scopes.add(defaultScope);
    }
  }

  const tariffs = dataset.tariffs ?? [];
  await putTariffs(ref, tariffs.filter((t): t is Tariff => t.id !== undefined));
  for (const { id: _missing, ...fields } of tariffs.filter((t) => t.id === undefined)) await createTariff(ref, fields);
  summary.tariffs = tariffs.length;

  await putSystemLogs(ref, logs);
  summary.system_logs = logs.length;

  // Each scope's views, then the plans of every account once (several sellers share the warehouse).
  await refreshScopes(ref, [...scopes]);
  return summary;
}
