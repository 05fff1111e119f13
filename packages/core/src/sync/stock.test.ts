import { describe, expect, it } from "vitest";
import { daysOfStock, normaliseStatus, stockFromFulfillment } from "./stock.js";

describe("stockFromFulfillment", () => {
  it("maps the documented example: transfer is in transit, the rest not available", () => {
    // Prepare
    const payload = {
      total: 12,
      available_quantity: 9,
      not_available_quantity: 3,
      not_available_detail: [
        { status: "transfer", quantity: 2 },
        { status: "damaged", quantity: 1 },
      ],
    };

    // Act
    const figures = stockFromFulfillment(payload, 30);

    // Assess
    expect(figures).toEqual({ available_qty: 9, in_transit_qty: 2, not_available_qty: 1, total_qty: 12, days_of_stock: 9 });
  });

  it("normalises status spelling and counts unknown statuses as not available", () => {
    const payload = {
      total: 20,
      available_quantity: 10,
      not_available_quantity: 10,
      not_available_detail: [
        { status: "TRANSFER", quantity: 1 },
        { status: "Trans-fer", quantity: 2 },
        { status: "trans_fer", quantity: 3 },
        { status: "noFiscalCoverage", quantity: 1 },
        { status: "brand_new_status", quantity: 3 },
      ],
    };

    const figures = stockFromFulfillment(payload, null);

    expect(figures.in_transit_qty).toBe(6);
    expect(figures.not_available_qty).toBe(4);
    expect(normaliseStatus("no_fiscal_coverage")).toBe(normaliseStatus("noFiscalCoverage"));
    expect(normaliseStatus("not-supported")).toBe(normaliseStatus("notSupported"));
  });

  it("never reports negative not-available units when transfer exceeds the not-available quantity", () => {
    const figures = stockFromFulfillment(
      { total: 5, available_quantity: 3, not_available_quantity: 1, not_available_detail: [{ status: "transfer", quantity: 2 }] },
      null,
    );

    expect(figures.not_available_qty).toBe(0);
    expect(figures.in_transit_qty).toBe(2);
  });

  it("sums the three figures when total is 0 or missing", () => {
    const detail = [{ status: "transfer", quantity: 2 }, { status: "lost", quantity: 1 }];

    const zero = stockFromFulfillment({ total: 0, available_quantity: 4, not_available_quantity: 3, not_available_detail: detail }, null);
    const missing = stockFromFulfillment({ available_quantity: 4, not_available_quantity: 3, not_available_detail: detail }, null);

    expect(zero.total_qty).toBe(7);
    expect(missing.total_qty).toBe(7);
  });

  it("takes the not-available quantity from the detail when the field is missing", () => {
    const figures = stockFromFulfillment(
      { available_quantity: 1, not_available_detail: [{ status: "transfer", quantity: 2 }, { status: "damage", quantity: 5 }] },
      null,
    );

    expect(figures).toMatchObject({ in_transit_qty: 2, not_available_qty: 5, total_qty: 8 });
  });
});

describe("daysOfStock", () => {
  it("rounds half up on the decimal form to one place", () => {
    // 1 / (20 / 30) = 1.5; 7 / (60 / 30) = 3.5; 5 / (80 / 30) = 1.875; 1 / (12 / 30) = 2.5
    expect(daysOfStock(1, 20)).toBe(1.5);
    expect(daysOfStock(5, 80)).toBe(1.9);
    expect(daysOfStock(1, 12)).toBe(2.5);
    // 3 / (40 / 30) = 2.25 → 2.3 (half up, not to even)
    expect(daysOfStock(3, 40)).toBe(2.3);
    // 10 / (7 / 30) = 42.857… → 42.9
    expect(daysOfStock(10, 7)).toBe(42.9);
    expect(daysOfStock(0, 15)).toBe(0);
  });

  it("is null without a positive sales figure", () => {
    expect(daysOfStock(10, null)).toBeNull();
    expect(daysOfStock(10, 0)).toBeNull();
    expect(daysOfStock(10, -3)).toBeNull();
    expect(stockFromFulfillment({ total: 10, available_quantity: 10, not_available_quantity: 0 }, 0).days_of_stock).toBeNull();
  });
});
