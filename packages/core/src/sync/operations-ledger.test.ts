import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyOperation, emptyLedger, stockOperationEntry, ledgerStock, rebase, type InventoryLedger, type LedgerBase, type StockOperationEntry } from "./operations-ledger.js";

const ZONE = "America/Sao_Paulo";
const TODAY = "2026-06-30";
const AT = { sales30d: 30, today: TODAY, timeZone: ZONE };

/** The base a sync stored at 09:00 UTC: 10 units, 6 received on 06-20 and 4 on 06-01. */
const BASE: LedgerBase = {
  asOf: "2026-06-30T09:00:00.000Z",
  figures: { available_qty: 10, in_transit_qty: 0, not_available_qty: 0, total_qty: 10, days_of_stock: 10 },
  lots: [
    { day: "2026-06-01", units: 4 },
    { day: "2026-06-20", units: 6 },
  ],
  oldestStockDays: 29,
  asOfDay: TODAY,
};

const stock = (available: number, transfer = 0) => ({
  total: available + transfer,
  available_quantity: available,
  not_available_quantity: transfer,
  not_available_detail: transfer > 0 ? [{ status: "transfer", quantity: transfer }] : [],
});

/** A day of operations after the base: a sale of 3, a reception of 5, a sale of 9 (one unit goes to transfer at the end). */
const DAY: StockOperationEntry[] = [
  stockOperationEntry({ id: 501, date_created: "2026-06-30T10:00:00Z", type: "SALE_CONFIRMATION", detail: { available_quantity: -3 }, result: stock(7) }),
  stockOperationEntry({ id: 502, date_created: "2026-06-30T11:00:00Z", type: "INBOUND_RECEPTION", detail: { available_quantity: 5 }, result: stock(12) }),
  stockOperationEntry({ id: 503, date_created: "2026-06-30T12:00:00Z", type: "SALE_CONFIRMATION", detail: { available_quantity: -9 }, result: stock(3) }),
  stockOperationEntry({ id: 504, date_created: "2026-06-30T12:00:00Z", type: "TRANSFER_RESERVATION", detail: { available_quantity: -1 }, result: stock(2, 1) }),
];

const applyAll = (ledger: InventoryLedger, operations: readonly StockOperationEntry[]): InventoryLedger =>
  operations.reduce((current, operation) => applyOperation(current, operation).ledger, ledger);

describe("ledgerStock", () => {
  it("takes the stock by state from the latest operation and the lots first-in-first-out", () => {
    // Act
    const result = ledgerStock(applyAll(emptyLedger(BASE), DAY), AT);

    // Assess: 2 available are the newest units, from the reception of today.
    expect(result.figures).toEqual({ available_qty: 2, in_transit_qty: 1, not_available_qty: 0, total_qty: 3, days_of_stock: 2 });
    expect(result.fifo_lots).toEqual([{ day: TODAY, units: 2 }]);
    expect(result).toMatchObject({ unknown_age_units: 0, oldest_stock_days: 0 });
  });

  it("takes outbound units from the oldest lot first", () => {
    const result = ledgerStock(applyAll(emptyLedger(BASE), DAY.slice(0, 2)), AT);

    expect(result.figures.available_qty).toBe(12);
    expect(result.fifo_lots).toEqual([
      { day: "2026-06-01", units: 1 },
      { day: "2026-06-20", units: 6 },
      { day: TODAY, units: 5 },
    ]);
    expect(result.oldest_stock_days).toBe(29);
  });

  it("keeps the base as it is until an operation arrives", () => {
    expect(ledgerStock(emptyLedger(BASE), AT)).toEqual({ figures: BASE.figures, fifo_lots: BASE.lots, unknown_age_units: 0, oldest_stock_days: 29 });
  });

  it("sells units of unknown age before any lot, and carries the base's age for those left", () => {
    const base: LedgerBase = { ...BASE, figures: { ...BASE.figures, available_qty: 14, total_qty: 14 }, oldestStockDays: 400, asOfDay: "2026-06-28" };
    const sale = stockOperationEntry({ id: 9, date_created: "2026-06-30T10:00:00Z", type: "SALE_CONFIRMATION", result: stock(12) });

    const result = ledgerStock(applyOperation(emptyLedger(base), sale).ledger, AT);

    expect(result).toMatchObject({ fifo_lots: BASE.lots, unknown_age_units: 2, oldest_stock_days: 402 });
  });
});

describe("applyOperation", () => {
  it("changes nothing for an operation already in the base, a repeat or one superseded", () => {
    const before = stockOperationEntry({ id: 400, date_created: "2026-06-30T08:59:59Z", type: "INBOUND_RECEPTION", detail: { available_quantity: 8 }, result: stock(10) });
    const applied = applyAll(emptyLedger(BASE), DAY);

    expect(applyOperation(emptyLedger(BASE), before).changed).toBe(false);
    for (const operation of DAY) expect(applyOperation(applied, operation).changed).toBe(false);
  });

  it("keeps what came after a new base, and drops what the base already holds", () => {
    const applied = applyAll(emptyLedger(BASE), DAY);

    const rebased = rebase(applied, { ...BASE, asOf: "2026-06-30T11:30:00.000Z", figures: { ...BASE.figures, available_qty: 12, total_qty: 12 } });

    expect(Object.keys(rebased.receptions)).toEqual([]);
    expect(rebased.latest?.id).toBe("504");
  });
});

describe("order and repeats", () => {
  it("ends in the same stock whatever the order and however often each operation is delivered", () => {
    const expected = ledgerStock(applyAll(emptyLedger(BASE), DAY), AT);
    // Each operation one to three times, in any order.
    const deliveries = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: DAY.length, maxLength: DAY.length }).chain((copies) => {
      const all = DAY.flatMap((operation, i) => Array.from({ length: copies[i]! }, () => operation));
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });

    fc.assert(
      fc.property(deliveries, (delivered) => {
        expect(ledgerStock(applyAll(emptyLedger(BASE), delivered), AT)).toEqual(expected);
      }),
    );
  });
});
