import { describe, expect, it } from "vitest";
import { PER_SELLER_KEYS, SETTING_DEFAULTS, SETTING_GROUPS, isPerSellerKey, readGroup, sharedOnlyKey, withOverrides } from "./index.js";

describe("per-seller settings keys", () => {
  it("are keys with a default of their group", () => {
    for (const group of SETTING_GROUPS) for (const key of PER_SELLER_KEYS[group]) expect(Object.keys(SETTING_DEFAULTS[group]), `${group}.${key}`).toContain(key);
  });

  it("include the stock planning keys of one account and leave the shared warehouse and the company's keys shared", () => {
    expect(isPerSellerKey("estoque", "lead_time_padrao")).toBe(true);
    expect(isPerSellerKey("catalogo", "margem_minima_alerta")).toBe(true);
    expect(isPerSellerKey("estoque", "multi_deposito")).toBe(false);
    expect(isPerSellerKey("geral", "fuso_horario")).toBe(false);
    expect(isPerSellerKey("integracoes", "erp_api_token")).toBe(false);
    expect(isPerSellerKey("vendas", "lead_time_padrao")).toBe(false);
    expect(sharedOnlyKey("estoque", ["dias_baixo", "multi_deposito", "nova"])).toBe("multi_deposito");
    expect(sharedOnlyKey("estoque", ["dias_baixo"])).toBeUndefined();
  });
});

describe("withOverrides", () => {
  it("puts a seller's values in place of the shared ones and adds those with no shared entry", () => {
    const shared = [
      { key: "lead_time_padrao", value: "5", group: "estoque", description: "Prazo" },
      { key: "dias_baixo", value: "9", group: "estoque" },
    ];
    const overrides = [
      { key: "lead_time_padrao", value: "20", group: "estoque" },
      { key: "nivel_critico", value: "4", group: "estoque" },
    ];
    const merged = withOverrides(shared, overrides);
    expect(merged).toEqual([overrides[0], shared[1], overrides[1]]);
    expect(readGroup("estoque", merged)).toMatchObject({ lead_time_padrao: 20, dias_baixo: 9, nivel_critico: 4 });
    expect(withOverrides(shared, [])).toEqual(shared);
  });
});
