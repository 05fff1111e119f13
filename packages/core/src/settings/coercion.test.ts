import { describe, expect, it } from "vitest";
import { readAllGroups, readAllGroupsText, readGroup, readValue, writeValue } from "./coercion.js";
import { SETTING_DEFAULTS, SETTING_GROUPS, settingType } from "./defaults.js";

describe("defaults", () => {
  it("has the six groups and 28 multiplier objects with all their fields", () => {
    expect(Object.keys(SETTING_DEFAULTS)).toEqual([...SETTING_GROUPS]);
    const multipliers = Object.entries(SETTING_DEFAULTS.core_ai).filter(([key]) => key.startsWith("mult_"));
    expect(multipliers).toHaveLength(28);
    for (const [, value] of multipliers) expect(Object.keys(value as object).sort()).toEqual(["desc", "enabled", "max", "min", "weight"]);
    expect(SETTING_DEFAULTS.core_ai.mult_price_competitiveness).toMatchObject({ enabled: false, weight: 0.5, min: 0.7, max: 1.4 });
  });

  it("derives each key's type from its default", () => {
    expect(settingType("geral", "alerta_estoque_critico")).toBe("boolean");
    expect(settingType("financeiro", "margem_minima")).toBe("integer");
    expect(settingType("financeiro", "taxa_fixa_mp")).toBe("number");
    expect(settingType("geral", "aliquota_simples")).toBe("number");
    expect(settingType("financeiro", "custos_fixos")).toBe("list");
    expect(settingType("core_ai", "mult_event")).toBe("object");
    expect(settingType("geral", "moeda")).toBe("string");
    expect(settingType("geral", "not_a_key")).toBeUndefined();
    expect(settingType("integracoes", "erp_api_token")).toBeUndefined();
  });

  it("fills the defaults the spec leaves to the service", () => {
    expect(SETTING_DEFAULTS.geral.empresa_nome).toEqual(expect.any(String));
    expect(SETTING_DEFAULTS.integracoes.weather_cidade).toBe("Sao Paulo,BR");
    expect(SETTING_DEFAULTS.integracoes.trends_keywords).toEqual(["piscina", "aquecedor", "ventilador"]);
  });
});

describe("reading stored text", () => {
  it.each([
    ["true", true],
    ["TRUE", true],
    ["1", true],
    ["YES", true],
    [" yes ", false],
    ["false", false],
    ["0", false],
    ["no", false],
    ["", false],
    ["on", false],
  ])("boolean %j reads as %j", (text, expected) => {
    expect(readValue("boolean", text, "group")).toBe(expected);
  });

  it.each([
    ["20", 20],
    ["1.9", 1],
    ["-1.9", -1],
    ["-0.5", 0],
    ["1e3", 1000],
    [" 42 ", 42],
  ])("integer %j reads as %j", (text, expected) => {
    expect(readValue("integer", text, "group")).toBe(expected);
  });

  it.each(["abc", "", "0x10", "Infinity", "NaN", "1,5"])("integer %j that does not convert is returned raw", (text) => {
    expect(readValue("integer", text, "group")).toBe(text);
  });

  it("number keeps decimals and returns raw text on failure", () => {
    expect(readValue("number", "12.75", "group")).toBe(12.75);
    expect(readValue("number", "3", "group")).toBe(3);
    expect(readValue("number", "doze", "group")).toBe("doze");
  });

  it("list parses JSON; empty text is an empty list; invalid JSON is raw", () => {
    expect(readValue("list", "[]", "group")).toEqual([]);
    expect(readValue("list", '["a",1]', "all")).toEqual(["a", 1]);
    expect(readValue("list", "", "group")).toEqual([]);
    expect(readValue("list", "[oops", "group")).toBe("[oops");
  });

  it("a list setting holding an object returns the parsed object", () => {
    expect(readValue("list", '{"aluguel":3000}', "group")).toEqual({ aluguel: 3000 });
  });

  it("object parses JSON in the group read only; empty text is an empty object", () => {
    expect(readValue("object", '{"enabled":false}', "group")).toEqual({ enabled: false });
    expect(readValue("object", "", "group")).toEqual({});
    expect(readValue("object", "{bad", "group")).toBe("{bad");
    expect(readValue("object", '{"enabled":false}', "all")).toBe('{"enabled":false}');
  });

  it("a key without a default is text, parsed as JSON only when it starts with { in the group read", () => {
    expect(readValue(undefined, '{"a":1}', "group")).toEqual({ a: 1 });
    expect(readValue(undefined, '{"a":1}', "all")).toBe('{"a":1}');
    expect(readValue(undefined, "{not json", "group")).toBe("{not json");
    expect(readValue(undefined, "[1,2]", "group")).toBe("[1,2]");
    expect(readValue(undefined, "123", "group")).toBe("123");
  });

  it("string is returned as stored", () => {
    expect(readValue("string", " 03:00 ", "group")).toBe(" 03:00 ");
  });
});

describe("writing values as text", () => {
  it.each([
    [true, "true"],
    [false, "false"],
    [[1, "a"], '[1,"a"]'],
    [{ enabled: true }, '{"enabled":true}'],
    [12.5, "12.5"],
    [7, "7"],
    ["texto", "texto"],
    [null, ""],
  ])("%j is stored as %j", (value, text) => {
    expect(writeValue(value)).toBe(text);
  });
});

describe("group and all-settings reads", () => {
  it("overlays stored entries on the group's defaults, keeping unknown keys", () => {
    const data = readGroup("estoque", [
      { key: "lead_time_padrao", value: "20", group: "estoque" },
      { key: "multi_deposito", value: "yes", group: "estoque" },
      { key: "extra", value: '{"x":1}', group: "estoque" },
      { key: "nivel_critico", value: "9", group: "geral" },
    ]);
    expect(data.lead_time_padrao).toBe(20);
    expect(data.multi_deposito).toBe(true);
    expect(data.extra).toEqual({ x: 1 });
    expect(data.nivel_critico).toBe(3);
  });

  it("counts entries without a group as geral and ignores unknown groups", () => {
    const data = readAllGroups([
      { key: "moeda", value: "USD", group: null },
      { key: "x", value: "1", group: "desconhecido" },
      { key: "mult_event", value: '{"enabled":false}', group: "core_ai" },
    ]);
    expect(Object.keys(data)).toEqual([...SETTING_GROUPS]);
    expect(data.geral.moeda).toBe("USD");
    expect(JSON.stringify(data)).not.toContain("desconhecido");
    expect(data.core_ai.mult_event).toBe('{"enabled":false}');
  });

  it("gives GET /settings' text exactly as serialising every group would, stored values overlaid and the rest from the defaults", () => {
    const stored = [
      { key: "moeda", value: "USD", group: null },
      { key: "x", value: "1", group: "desconhecido" },
      { key: "lead_time_padrao", value: "20", group: "estoque" },
      { key: "extra", value: '{"x":1}', group: "estoque" },
      { key: "mult_event", value: '{"enabled":false}', group: "core_ai" },
    ];
    expect(readAllGroupsText(stored)).toBe(JSON.stringify(readAllGroups(stored)));
    expect(readAllGroupsText([])).toBe(JSON.stringify(readAllGroups([])));
    expect(JSON.parse(readAllGroupsText(stored)).estoque.lead_time_padrao).toBe(20);
  });

  it("does not let callers change the defaults", () => {
    const data = readGroup("financeiro", []);
    (data.custos_fixos as unknown[]).push("x");
    expect(SETTING_DEFAULTS.financeiro.custos_fixos).toEqual([]);
  });
});
