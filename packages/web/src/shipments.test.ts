import { describe, expect, it } from "vitest";
import { idleWarehouses, shipmentLines, splitByWarehouse, UNNAMED_WAREHOUSE, type ReplenishmentItem } from "./shipments.js";

function item(overrides: Partial<ReplenishmentItem>): ReplenishmentItem {
  return {
    ad_id: "MLB1",
    sku: "SKU",
    title: "Produto",
    full_available: 0,
    local_available: 0,
    local_warehouses: [],
    local_without_warehouse: 0,
    sources: { full_available: "", local_available: "", velocity: "" },
    sales_30d: 30,
    daily_sales_estimate: 1,
    coverage_days: 0,
    target_full_quantity: 30,
    quantity_needed: 30,
    quantity_suggested: 0,
    status: "no_local_stock",
    ...overrides,
  };
}

describe("splitByWarehouse", () => {
  it("takes from the fullest warehouse first", () => {
    const split = splitByWarehouse(
      item({
        quantity_suggested: 30,
        local_warehouses: [
          { warehouse: "Loja Centro", available: 8 },
          { warehouse: "CD São Paulo", available: 25 },
        ],
      }),
    );
    expect(split).toEqual([
      { warehouse: "CD São Paulo", available: 25 },
      { warehouse: "Loja Centro", available: 5 },
    ]);
  });

  it("sends the rest from stock without a warehouse name, and nothing for no suggestion", () => {
    expect(splitByWarehouse(item({ quantity_suggested: 12, local_warehouses: [{ warehouse: "CD", available: 10 }] }))).toEqual([
      { warehouse: "CD", available: 10 },
      { warehouse: UNNAMED_WAREHOUSE, available: 2 },
    ]);
    expect(splitByWarehouse(item({ quantity_suggested: 0, local_warehouses: [{ warehouse: "CD", available: 10 }] }))).toEqual([]);
  });
});

describe("idleWarehouses", () => {
  it("lists the warehouses that hold units and send none, never an empty one (no more \"Loja Centro: 0 de 0\")", () => {
    const line = item({
      quantity_suggested: 40,
      local_available: 40,
      local_without_warehouse: 40,
      local_warehouses: [],
    });
    expect(splitByWarehouse(line)).toEqual([{ warehouse: UNNAMED_WAREHOUSE, available: 40 }]);
    expect(idleWarehouses(line)).toEqual([]);

    const mixed = item({
      quantity_suggested: 20,
      local_available: 31,
      local_warehouses: [
        { warehouse: "CD São Paulo", available: 26 },
        { warehouse: "CD Guarulhos", available: 5 },
        { warehouse: "Loja Centro", available: 0 },
      ],
    });
    expect(idleWarehouses(mixed)).toEqual([{ warehouse: "CD Guarulhos", available: 5 }]);
  });
});

describe("shipmentLines", () => {
  it("groups lines by warehouse and sums to each suggestion", () => {
    const items = [
      item({ sku: "A", ad_id: "MLB1", quantity_suggested: 10, local_warehouses: [{ warehouse: "Loja", available: 10 }] }),
      item({
        sku: "B",
        ad_id: "MLB2",
        quantity_suggested: 7,
        local_warehouses: [
          { warehouse: "CD", available: 5 },
          { warehouse: "Loja", available: 4 },
        ],
      }),
      item({ sku: "C", ad_id: "MLB3", quantity_suggested: 0 }),
    ];
    const lines = shipmentLines(items);
    expect(lines.map((l) => [l.warehouse, l.sku, l.quantity])).toEqual([
      ["CD", "B", 5],
      ["Loja", "A", 10],
      ["Loja", "B", 2],
    ]);
  });
});
