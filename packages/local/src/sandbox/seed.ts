/** What the sandbox marketplace holds: items, their inventories' stock, inbound receptions and sales. */

export interface SandboxStock {
  available: number;
  not_available_detail?: Array<{ status: string; quantity: number }>;
  /** Defaults to available + the detail quantities. */
  total?: number;
}

export interface SandboxReception {
  /** YYYY-MM-DD (received at 12:00 UTC) or an ISO 8601 instant. */
  date: string;
  quantity: number;
}

/** A sale out of Full (or its reversal) in the operations ledger. */
export interface SandboxSale {
  /** YYYY-MM-DD (at 12:00 UTC) or an ISO 8601 instant. */
  date: string;
  quantity: number;
  /** Default sale_confirmation. */
  type?: "sale_confirmation" | "sale_cancelation" | "sale_delivery_cancelation" | "sale_return";
}

export interface SandboxVariation {
  id: number | string;
  inventory_id: string;
  stock?: SandboxStock;
  receptions?: SandboxReception[];
  sales?: SandboxSale[];
}

export interface SandboxDimensionsCm {
  height: number;
  width: number;
  length: number;
  weight_g?: number;
}

export interface SandboxItem {
  id: string;
  title?: string;
  /** The listing's status (default active). */
  status?: string;
  thumbnail?: string | null;
  permalink?: string | null;
  sku?: string | null;
  /** Where the item shows its SKU: the SELLER_SKU attribute (default) or the older seller_custom_field. */
  skuIn?: "attribute" | "seller_custom_field";
  /** Item-level warehouse id (items without variations). */
  inventory_id?: string | null;
  variations?: SandboxVariation[];
  /** Default: true when the item or a variation has an inventory id. */
  is_full?: boolean;
  dimensions?: SandboxDimensionsCm | null;
  /** Where the item shows its dimensions: SELLER_PACKAGE_* attributes (default) or `shipping.dimensions`. */
  dimensionsIn?: "attributes" | "shipping";
  /** Stock of the item-level inventory. */
  stock?: SandboxStock;
  receptions?: SandboxReception[];
  /** Sales of the item-level inventory. */
  sales?: SandboxSale[];
}

export interface SandboxSeed {
  items: SandboxItem[];
  sellerId?: number;
  /** The seller's nickname on GET /users/me. */
  nickname?: string;
  /** Ids the Full items search names though no item answers them (deleted between the listing and the read). */
  listedOnly?: string[];
}

export interface SandboxInventory {
  inventoryId: string;
  itemId: string;
  variationId: number | string | null;
  stock: SandboxStock;
}

export interface SandboxOperation {
  id: number;
  seller_id: number;
  inventory_id: string;
  date_created: string;
  type: string;
  /** Signed: negative on a sale. */
  detail: { available_quantity: number; not_available_detail: Array<{ status: string; quantity: number }> };
  result: { total: number; available_quantity: number; not_available_quantity: number; not_available_detail: Array<{ status: string; quantity: number }> };
  external_references: Array<{ type: string; value: string }>;
}

export interface SandboxCatalog {
  items: Map<string, SandboxItem>;
  inventories: Map<string, SandboxInventory>;
  /** Sorted by date_created, then id. */
  operations: SandboxOperation[];
  listedOnly: string[];
}

export const DEFAULT_SELLER_ID = 123456789;
const FIRST_OPERATION_ID = 306705000;

const instantOf = (date: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00.000Z` : new Date(date).toISOString();

interface LedgerEntry {
  inventoryId: string;
  instant: string;
  type: string;
  /** Signed change of available units. */
  change: number;
  reference: { type: string; value: string };
  order: number;
}

/** Indexes a seed; operation ids and order are deterministic. */
export function buildCatalog(seed: SandboxSeed, sellerId: number): SandboxCatalog {
  const items = new Map<string, SandboxItem>();
  const inventories = new Map<string, SandboxInventory>();
  const ledger: LedgerEntry[] = [];
  let inbounds = 0;
  const add = (inventoryId: string, itemId: string, variationId: number | string | null, stock?: SandboxStock, lots?: SandboxReception[], sales?: SandboxSale[]) => {
    inventories.set(inventoryId, { inventoryId, itemId, variationId, stock: stock ?? { available: 0 } });
    for (const lot of lots ?? []) {
      const reference = { type: "inbound_id", value: String(++inbounds).padStart(4, "0") };
      ledger.push({ inventoryId, instant: instantOf(lot.date), type: "INBOUND_RECEPTION", change: lot.quantity, reference, order: ledger.length });
    }
    for (const sale of sales ?? []) {
      const type = (sale.type ?? "sale_confirmation").toUpperCase();
      const change = type === "SALE_CONFIRMATION" ? -sale.quantity : sale.quantity;
      const reference = { type: "shipment_id", value: String(40000000000 + ledger.length + 1) };
      ledger.push({ inventoryId, instant: instantOf(sale.date), type, change, reference, order: ledger.length });
    }
  };
  for (const item of seed.items) {
    items.set(item.id, item);
    if (item.inventory_id) add(item.inventory_id, item.id, null, item.stock, item.receptions, item.sales);
    for (const variation of item.variations ?? []) add(variation.inventory_id, item.id, variation.id, variation.stock, variation.receptions, variation.sales);
  }
  ledger.sort((a, b) => (a.instant === b.instant ? a.order - b.order : a.instant < b.instant ? -1 : 1));
  const running = new Map<string, number>();
  const operations = ledger.map((entry, index): SandboxOperation => {
    const after = Math.max(0, (running.get(entry.inventoryId) ?? 0) + entry.change);
    running.set(entry.inventoryId, after);
    return {
      id: FIRST_OPERATION_ID + index + 1,
      seller_id: sellerId,
      inventory_id: entry.inventoryId,
      date_created: entry.instant.replace(/\.000Z$/, "Z"),
      type: entry.type,
      detail: { available_quantity: entry.change, not_available_detail: [] },
      result: { total: after, available_quantity: after, not_available_quantity: 0, not_available_detail: [] },
      external_references: [entry.reference],
    };
  });
  return { items, inventories, operations, listedOnly: seed.listedOnly ?? [] };
}

/** True when the item is a Full listing (`logistic_type` fulfillment). */
export const isFull = (item: SandboxItem): boolean =>
  item.is_full ?? (Boolean(item.inventory_id) || (item.variations ?? []).some((variation) => Boolean(variation.inventory_id)));

const notAvailable = (stock: SandboxStock): number =>
  (stock.not_available_detail ?? []).reduce((sum, entry) => sum + entry.quantity, 0);

/** GET /inventories/{id}/stock/fulfillment body. */
export function stockBody(inventory: SandboxInventory): Record<string, unknown> {
  const { stock } = inventory;
  const unavailable = notAvailable(stock);
  return {
    inventory_id: inventory.inventoryId,
    total: stock.total ?? stock.available + unavailable,
    available_quantity: stock.available,
    not_available_quantity: unavailable,
    not_available_detail: stock.not_available_detail ?? [],
    external_references: [{ type: "item", id: inventory.itemId, variation_id: inventory.variationId }],
  };
}

function dimensionAttribute(id: string, value: number, unit: string): Record<string, unknown> {
  return { id, name: id, value_id: null, value_name: `${value} ${unit}`, value_struct: { number: value, unit } };
}

/** GET /items/{id} body. */
export function itemBody(item: SandboxItem, catalog: SandboxCatalog, sellerId: number): Record<string, unknown> {
  const available = (inventoryId: string | null | undefined): number =>
    (inventoryId && catalog.inventories.get(inventoryId)?.stock.available) || 0;
  const variations = (item.variations ?? []).map((variation) => ({
    id: variation.id,
    available_quantity: available(variation.inventory_id),
    inventory_id: variation.inventory_id,
  }));
  const dims = item.dimensions;
  const attributes: Array<Record<string, unknown>> = [];
  if (item.sku && item.skuIn !== "seller_custom_field") attributes.push({ id: "SELLER_SKU", name: "SKU", value_id: null, value_name: item.sku, value_struct: null });
  if (dims && item.dimensionsIn !== "shipping") {
    attributes.push(
      dimensionAttribute("SELLER_PACKAGE_HEIGHT", dims.height, "cm"),
      dimensionAttribute("SELLER_PACKAGE_WIDTH", dims.width, "cm"),
      dimensionAttribute("SELLER_PACKAGE_LENGTH", dims.length, "cm"),
    );
    if (dims.weight_g !== undefined) attributes.push(dimensionAttribute("SELLER_PACKAGE_WEIGHT", dims.weight_g, "g"));
  }
  const full = isFull(item);
  return {
    id: item.id,
    site_id: "MLB",
    seller_id: sellerId,
    title: item.title ?? `Sandbox item ${item.id}`,
    status: item.status ?? "active",
    thumbnail: item.thumbnail === undefined ? `http://http2.mlstatic.com/D_${item.id}-I.jpg` : item.thumbnail,
    secure_thumbnail: item.thumbnail === undefined ? `https://http2.mlstatic.com/D_${item.id}-I.jpg` : item.thumbnail,
    permalink: item.permalink === undefined ? `https://produto.mercadolivre.com.br/${item.id}` : item.permalink,
    seller_custom_field: item.sku && item.skuIn === "seller_custom_field" ? item.sku : null,
    inventory_id: item.inventory_id ?? null,
    available_quantity: variations.length ? variations.reduce((sum, v) => sum + v.available_quantity, 0) : available(item.inventory_id),
    shipping: {
      mode: "me2",
      logistic_type: full ? "fulfillment" : "xd_drop_off",
      free_shipping: full,
      dimensions: dims && item.dimensionsIn === "shipping" ? `${dims.height}x${dims.width}x${dims.length},${dims.weight_g ?? 0}` : null,
      tags: [],
    },
    variations,
    attributes,
  };
}
