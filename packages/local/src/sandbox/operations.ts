/**
 * Stock operations recorded while the sandbox runs (a sale out of Full, an inbound reception): the
 * inventory's stock changes, the operation joins the ledger with the stock after it as its
 * `result`, and the marketplace notifies the app (notifications.ts). GET
 * /stock/fulfillment/operations/{id} answers any operation of the ledger.
 */
import { randomBytes } from "node:crypto";
import type { SandboxAnswer, SandboxState } from "./marketplace.js";
import { stockBody, type SandboxInventory, type SandboxOperation } from "./seed.js";

export type RecordedKind = "sale" | "reception";

export interface OperationRequest {
  kind: RecordedKind;
  /** The item (ad) whose inventory the units go to or come from. */
  adId: string;
  quantity: number;
  /** Which inventory of an item with variations; its first one by default. */
  inventoryId?: string;
}

export interface RecordedOperation {
  operation: SandboxOperation;
  /** Available units before and after. */
  before: number;
  after: number;
}

const error = (status: number, code: string, message: string): SandboxAnswer => ({ status, body: { message, error: code, status, cause: [] } });

/** The stock part of the inventory's stock answer: what an operation's `result` holds. */
function resultOf(inventory: SandboxInventory): SandboxOperation["result"] {
  const { total, available_quantity, not_available_quantity, not_available_detail } = stockBody(inventory) as SandboxOperation["result"];
  return { total, available_quantity, not_available_quantity, not_available_detail };
}

/**
 * The ledger's operations by id, and its highest id, kept up with what was appended since: a
 * catalogue of 100,000 inventories holds hundreds of thousands of operations, and a lookup or a
 * new id must not walk them all. The ledger only grows (a reseed gives a new array).
 */
interface LedgerIndex {
  byId: Map<number, SandboxOperation>;
  maxId: number;
  indexed: number;
}
const ledgerIndexes = new WeakMap<SandboxOperation[], LedgerIndex>();

function ledgerIndex(operations: SandboxOperation[]): LedgerIndex {
  let index = ledgerIndexes.get(operations);
  if (!index) {
    index = { byId: new Map(), maxId: 306705000, indexed: 0 };
    ledgerIndexes.set(operations, index);
  }
  for (; index.indexed < operations.length; index.indexed++) {
    const operation = operations[index.indexed]!;
    index.byId.set(operation.id, operation);
    if (operation.id > index.maxId) index.maxId = operation.id;
  }
  return index;
}

/** The ledger's next operation id: above every id it holds. */
const nextOperationId = (state: SandboxState): number => ledgerIndex(state.catalog.operations).maxId + 1;

/** Records a sale or a reception on the item's inventory; an answer when the request cannot be recorded. */
export function recordOperation(state: SandboxState, request: OperationRequest): RecordedOperation | SandboxAnswer {
  if (!Number.isInteger(request.quantity) || request.quantity <= 0) return error(400, "bad_request", "quantity must be a whole number above 0");
  const item = state.catalog.items.get(request.adId);
  if (!item) return error(404, "not_found", `Item with id ${request.adId} not found`);
  const inventoryId = request.inventoryId ?? item.inventory_id ?? item.variations?.find((variation) => variation.inventory_id)?.inventory_id;
  const inventory = inventoryId ? state.catalog.inventories.get(inventoryId) : undefined;
  if (!inventory || inventory.itemId !== item.id) return error(404, "not_found", `Item ${request.adId} has no fulfillment inventory${request.inventoryId ? ` ${request.inventoryId}` : ""}`);
  const before = inventory.stock.available;
  if (request.kind === "sale" && request.quantity > before) return error(400, "bad_request", `Only ${before} units of ${request.adId} are available in Full`);
  const change = request.kind === "sale" ? -request.quantity : request.quantity;
  inventory.stock = { ...inventory.stock, available: before + change, ...(inventory.stock.total !== undefined ? { total: inventory.stock.total + change } : {}) };
  const operation: SandboxOperation = {
    id: nextOperationId(state),
    seller_id: state.sellerId,
    inventory_id: inventory.inventoryId,
    date_created: new Date(state.now()).toISOString(),
    type: request.kind === "sale" ? "SALE_CONFIRMATION" : "INBOUND_RECEPTION",
    detail: { available_quantity: change, not_available_detail: [] },
    result: resultOf(inventory),
    external_references: [request.kind === "sale" ? { type: "shipment_id", value: String(40_000_000_000 + Number.parseInt(randomBytes(3).toString("hex"), 16)) } : { type: "inbound_id", value: randomBytes(2).toString("hex") }],
  };
  state.catalog.operations.push(operation);
  state.notify?.("fbm_stock_operations", `/stock/fulfillment/operations/${operation.id}`);
  return { operation, before, after: before + change };
}

/** GET /stock/fulfillment/operations/{id}: the same object as one result of the search. */
export function operationAnswer(state: SandboxState, id: string): SandboxAnswer {
  const operation = /^\d+$/.test(id) ? ledgerIndex(state.catalog.operations).byId.get(Number(id)) : undefined;
  return operation ? { status: 200, body: operation } : error(404, "not_found", `Operation ${id} not found`);
}

/** POST /_sandbox/operations (the sandbox's own, for `npm run sandbox`): `{type: "sale"|"reception", ad_id, quantity}`. */
export function recordAnswer(state: SandboxState, body: string): SandboxAnswer {
  let input: { type?: unknown; ad_id?: unknown; quantity?: unknown; inventory_id?: unknown };
  try {
    input = JSON.parse(body) as typeof input;
  } catch {
    return error(400, "bad_request", "The body must be JSON: {type, ad_id, quantity}");
  }
  if (input.type !== "sale" && input.type !== "reception") return error(400, "bad_request", 'type must be "sale" or "reception"');
  if (typeof input.ad_id !== "string") return error(400, "bad_request", "ad_id must be text");
  const recorded = recordOperation(state, {
    kind: input.type,
    adId: input.ad_id,
    quantity: Number(input.quantity),
    ...(typeof input.inventory_id === "string" ? { inventoryId: input.inventory_id } : {}),
  });
  return "status" in recorded ? recorded : { status: 201, body: { operation: recorded.operation, available_before: recorded.before, available_after: recorded.after } };
}
