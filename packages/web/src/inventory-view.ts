/**
 * The inventory screen's rows: the API's sort orders, the alert filters (SPEC section 3 and the
 * overview's alert rules) and search by SKU or title.
 */
import type { Schema } from "@fulfillment/client";

export type InventoryItem = Schema<"InventoryListItem">;

/** GET /full/inventory?sort_by=… */
export const SORT_ORDERS = ["coverage", "aged", "available"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_LABELS: Record<SortOrder, string> = {
  coverage: "Menor cobertura",
  aged: "Estoque mais antigo",
  available: "Mais unidades disponíveis",
};

/** "alertas" is the API's alerts=1; the others are the overview's three alert counts. */
export const ALERT_FILTERS = ["todos", "alertas", "cobertura_baixa", "envelhecido", "parado"] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];

export const ALERT_FILTER_LABELS: Record<AlertFilter, string> = {
  todos: "Todos",
  alertas: "Com alerta (envelhecido ou cobertura baixa)",
  cobertura_baixa: "Cobertura baixa (< 14 dias)",
  envelhecido: "Estoque envelhecido (> 90 dias)",
  parado: "Parado (sem giro ou > 180 dias)",
};

/** SPEC section 4.A constants. */
export const STRANDED_DAYS = 180;

export const isStranded = (item: Pick<InventoryItem, "available_qty" | "days_of_stock">): boolean =>
  (item.available_qty ?? 0) > 0 && (item.days_of_stock === null || item.days_of_stock > STRANDED_DAYS);

const FILTERS: Record<AlertFilter, (item: InventoryItem) => boolean> = {
  todos: () => true,
  alertas: (item) => item.is_aged || item.is_low_coverage,
  cobertura_baixa: (item) => item.is_low_coverage,
  envelhecido: (item) => item.is_aged,
  parado: isStranded,
};

export function parseSortOrder(value: string | null | undefined): SortOrder {
  return (SORT_ORDERS as readonly string[]).includes(value ?? "") ? (value as SortOrder) : "coverage";
}

export function parseAlertFilter(value: string | null | undefined): AlertFilter {
  return (ALERT_FILTERS as readonly string[]).includes(value ?? "") ? (value as AlertFilter) : "todos";
}

/** Lower case without accents, so "irrigacao" finds "Irrigação". */
export const searchKey = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** The rows shown: the API's order kept, filtered by alert and by a search in SKU or title. */
export function visibleInventory(items: readonly InventoryItem[], filter: AlertFilter, search: string): InventoryItem[] {
  const keep = FILTERS[filter];
  const needle = searchKey(search);
  return items.filter(
    (item) => keep(item) && (needle === "" || searchKey(item.sku ?? "").includes(needle) || searchKey(item.title ?? "").includes(needle)),
  );
}
