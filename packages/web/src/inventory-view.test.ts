import { describe, expect, it } from "vitest";
import { isStranded, parseAlertFilter, parseSortOrder, visibleInventory, type InventoryItem } from "./inventory-view.js";

function item(overrides: Partial<InventoryItem>): InventoryItem {
  return {
    inventory_id: "INV",
    ad_id: "MLB1",
    sku: "SKU",
    variation_id: null,
    title: "Título",
    thumbnail: null,
    permalink: null,
    available_qty: 10,
    in_transit_qty: 0,
    not_available_qty: 0,
    total_qty: 10,
    days_of_stock: 30,
    oldest_stock_days: 10,
    storage_cost_unit: null,
    storage_risk_unit: null,
    is_aged: false,
    is_low_coverage: false,
    updated_at: null,
    ...overrides,
  };
}

const rows = [
  item({ inventory_id: "1", sku: "MANG-20", title: "Mangueira de irrigação 20 m", is_low_coverage: true, days_of_stock: 5 }),
  item({ inventory_id: "2", sku: "VASO-G", title: "Vaso grande", is_aged: true, oldest_stock_days: 120 }),
  item({ inventory_id: "3", sku: "REG-01", title: "Regador", days_of_stock: null }),
  item({ inventory_id: "4", sku: "ADU-5", title: "Adubo 5 kg", days_of_stock: 200 }),
  item({ inventory_id: "5", sku: null, title: null, available_qty: 0, days_of_stock: null }),
];
const ids = (list: InventoryItem[]): string[] => list.map((row) => row.inventory_id);

describe("visibleInventory", () => {
  it("keeps every row and the API's order without filter or search", () => {
    expect(ids(visibleInventory(rows, "todos", ""))).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("filters like alerts=1 and like each overview alert", () => {
    expect(ids(visibleInventory(rows, "alertas", ""))).toEqual(["1", "2"]);
    expect(ids(visibleInventory(rows, "cobertura_baixa", ""))).toEqual(["1"]);
    expect(ids(visibleInventory(rows, "envelhecido", ""))).toEqual(["2"]);
    expect(ids(visibleInventory(rows, "parado", ""))).toEqual(["3", "4"]);
  });

  it("searches SKU or title without regard to case or accents", () => {
    expect(ids(visibleInventory(rows, "todos", "IRRIGACAO"))).toEqual(["1"]);
    expect(ids(visibleInventory(rows, "todos", "vaso-g"))).toEqual(["2"]);
    expect(ids(visibleInventory(rows, "todos", "  re "))).toEqual(["3"]);
    expect(ids(visibleInventory(rows, "alertas", "regador"))).toEqual([]);
  });
});

describe("stranded and parameters", () => {
  it("counts available stock with unknown or long coverage as stranded", () => {
    expect(isStranded({ available_qty: 1, days_of_stock: null })).toBe(true);
    expect(isStranded({ available_qty: 1, days_of_stock: 180 })).toBe(false);
    expect(isStranded({ available_qty: 1, days_of_stock: 180.1 })).toBe(true);
    expect(isStranded({ available_qty: null, days_of_stock: null })).toBe(false);
  });

  it("reads unknown sort orders as coverage and unknown filters as all", () => {
    expect(parseSortOrder("aged")).toBe("aged");
    expect(parseSortOrder("price")).toBe("coverage");
    expect(parseAlertFilter("envelhecido")).toBe("envelhecido");
    expect(parseAlertFilter(undefined)).toBe("todos");
  });
});
