import { describe, expect, it } from "vitest";
import { ledgerSales, unitsMoved, type LedgerOperation } from "./sales.js";

const NOW = new Date("2026-06-30T15:00:00Z");
const op = (inventory_id: string, type: string, date_created: string, available_quantity: number): LedgerOperation => ({
  inventory_id,
  type,
  date_created,
  detail: { available_quantity },
});

describe("sales from the ledger", () => {
  it("counts SALE_CONFIRMATION units of the last 30 days minus cancellations and returns, per ad over its inventories", () => {
    // Prepare
    const operations = [
      op("INV1", "SALE_CONFIRMATION", "2026-06-29T10:00:00Z", -3),
      op("INV1", "SALE_CONFIRMATION", "2026-06-01T15:00:01Z", -2),
      op("INV2", "sale_confirmation", "2026-06-20T10:00:00Z", -4),
      op("INV2", "SALE_CANCELATION", "2026-06-21T10:00:00Z", 1),
      op("INV2", "SALE_RETURN", "2026-06-22T10:00:00Z", 1),
      op("INV1", "INBOUND_RECEPTION", "2026-06-25T10:00:00Z", 50),
      // Outside the window: 30 days before now exactly, and after now.
      op("INV1", "SALE_CONFIRMATION", "2026-05-31T15:00:00Z", -10),
      op("INV1", "SALE_CONFIRMATION", "2026-06-30T15:00:01Z", -10),
      op("INV3", "SALE_CONFIRMATION", "2026-06-10T10:00:00Z", -6),
    ];

    // Act
    const sales = ledgerSales(new Map([["MLB1", ["INV1", "INV2"]], ["MLB2", ["INV9"]]]), operations, NOW);

    // Assess: 3 + 2 + 4 − 1 − 1; MLB2 sold nothing; INV3 belongs to no ad asked for.
    expect(sales).toEqual(new Map([["MLB1", 7], ["MLB2", 0]]));
  });

  it("never goes below zero when cancellations outnumber the window's sales", () => {
    const sales = ledgerSales(new Map([["MLB1", ["INV1"]]]), [op("INV1", "SALE_DELIVERY_CANCELATION", "2026-06-29T10:00:00Z", 5)], NOW);
    expect(sales.get("MLB1")).toBe(0);
  });

  it("reads the units an operation moved from whichever quantity it reports", () => {
    expect(unitsMoved({ inventory_id: "I", type: "SALE_RETURN", date_created: "", detail: { available_quantity: 0, not_available_quantity: 2 } })).toBe(2);
    expect(unitsMoved({ inventory_id: "I", type: "SALE_CONFIRMATION", date_created: "", detail: { total: -3 } })).toBe(3);
    expect(unitsMoved({ inventory_id: "I", type: "SALE_CONFIRMATION", date_created: "" })).toBe(0);
  });
});
