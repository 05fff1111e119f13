import { describe, expect, it } from "vitest";
import { Settings } from "@fulfillment/core";
import { choicesOf, differsFromDefault, fieldsOf, fromDraft, groupChanges, isSecretKey, labelOf, SETTING_LABELS, toDraft, type SettingField } from "./settings-form.js";

const mult = (enabled: boolean, weight: number, min: number, max: number, desc: string) => ({ enabled, weight, min, max, desc });

describe("fieldsOf", () => {
  it("takes each field's kind from its default's type", () => {
    const fields = fieldsOf(
      "integracoes",
      { mp_sync_estoque: true, mp_intervalo_sync: 15, weather_api_key: "", weather_cidade: "Sao Paulo,BR", trends_keywords: ["piscina"] },
      { mp_sync_estoque: false, erp_api_token: "tok-123" },
    );
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ["mp_sync_estoque", "boolean"],
      ["mp_intervalo_sync", "number"],
      ["weather_api_key", "secret"],
      ["weather_cidade", "text"],
      ["trends_keywords", "list"],
      ["erp_api_token", "secret"],
    ]);
    expect(fields[0]).toMatchObject({ value: false, defaultValue: true });
  });

  it("recognises multipliers and offers keys stored without a default", () => {
    const fields = fieldsOf("core_ai", { mult_event: mult(true, 1, 0.1, 3, "Eventos") }, { mult_event: mult(false, 1, 0.1, 3, "Eventos"), extra: "x" });
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ["mult_event", "multiplier"],
      ["extra", "text"],
    ]);
  });

  it("labels every key of SPEC's groups with a label written for people, and keys it does not know from their words", () => {
    for (const [group, keys] of Object.entries(Settings.SETTING_DEFAULTS as Record<string, Record<string, unknown>>)) {
      for (const key of Object.keys(keys).filter((key) => !key.startsWith("mult_"))) expect(SETTING_LABELS[key], `${group}.${key}`).toBeDefined();
    }
    expect(labelOf("comissao_mp_b")).toBe("Comissão do marketplace B (%)");
    expect(labelOf("lead_time_padrao")).toBe("Prazo de reposição padrão (dias)");
    expect(labelOf("limite_novo_padrao")).toBe("Limite novo padrão");
    expect(isSecretKey("weather_api_key")).toBe(true);
    expect(isSecretKey("erp_api_token")).toBe(true);
    expect(isSecretKey("weather_cidade")).toBe(false);
  });

  it("offers choices for the days of the week and the modes, keeping a stored value outside the list", () => {
    expect(choicesOf("primeiro_dia_semana", "monday")!.map((choice) => choice.value)).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(choicesOf("calibracao_dia", "sunday")!.find((choice) => choice.value === "sunday")!.label).toBe("Domingo");
    expect(choicesOf("metodo_seguranca", "auto")!.map((choice) => choice.value)).toEqual(["auto", "dias", "fixo", "nenhum"]);
    expect(choicesOf("calibracao_frequencia", "quinzenal")!.at(-1)).toEqual({ value: "quinzenal", label: "quinzenal" });
    expect(choicesOf("empresa_nome", "Loja")).toBeUndefined();
  });
});

const field = (overrides: Partial<SettingField>): SettingField => ({ key: "k", label: "K", kind: "text", defaultValue: "", value: "", ...overrides });

describe("drafts", () => {
  it("edits numbers with a decimal comma and reads both separators", () => {
    const f = field({ kind: "number", defaultValue: 1.5, value: 12.5 });
    expect(toDraft(f)).toBe("12,5");
    expect(fromDraft(f, "7,25")).toEqual({ ok: true, value: 7.25 });
    expect(fromDraft(f, "7.25")).toEqual({ ok: true, value: 7.25 });
    expect(fromDraft(f, "doze")).toEqual({ ok: false, error: expect.stringContaining("número") });
    expect(fromDraft(f, "")).toMatchObject({ ok: false });
  });

  it("edits lists one item a line, keeping text lists as text", () => {
    const keywords = field({ kind: "list", defaultValue: ["piscina", "aquecedor"], value: ["piscina", "aquecedor"] });
    expect(toDraft(keywords)).toBe("piscina\naquecedor");
    expect(fromDraft(keywords, "piscina\n\n {x}\nventilador ")).toEqual({ ok: true, value: ["piscina", "{x}", "ventilador"] });
    const costs = field({ kind: "list", defaultValue: [], value: [{ nome: "Aluguel", valor: 3000 }] });
    expect(toDraft(costs)).toBe('{"nome":"Aluguel","valor":3000}');
    expect(fromDraft(costs, '{"nome":"Aluguel","valor":3500}\nInternet')).toEqual({
      ok: true,
      value: [{ nome: "Aluguel", valor: 3500 }, "Internet"],
    });
  });

  it("edits a multiplier's switch, weight and bounds", () => {
    const f = field({ kind: "multiplier", defaultValue: mult(true, 1, 0.5, 1.5, "Dia da semana"), value: mult(true, 0.8, 0.5, 1.5, "Dia da semana") });
    expect(toDraft(f)).toEqual({ enabled: true, weight: "0,8", min: "0,5", max: "1,5", desc: "Dia da semana" });
    expect(fromDraft(f, { enabled: false, weight: "1,2", min: "0,5", max: "2", desc: "Dia da semana" })).toEqual({
      ok: true,
      value: mult(false, 1.2, 0.5, 2, "Dia da semana"),
    });
    expect(fromDraft(f, { enabled: true, weight: "1", min: "2", max: "1", desc: "" })).toMatchObject({ ok: false });
  });
});

describe("differsFromDefault", () => {
  it("compares values deeply, ignoring key order", () => {
    const m = field({ kind: "multiplier", defaultValue: mult(true, 1, 0.5, 1.5, "d") });
    expect(differsFromDefault(m, { desc: "d", max: 1.5, min: 0.5, weight: 1, enabled: true })).toBe(false);
    expect(differsFromDefault(m, mult(true, 1.1, 0.5, 1.5, "d"))).toBe(true);
    expect(differsFromDefault(field({ kind: "list", defaultValue: ["a"] }), ["a"])).toBe(false);
    expect(differsFromDefault(field({ kind: "secret", defaultValue: undefined }), "tok")).toBe(true);
    expect(differsFromDefault(field({ kind: "secret", defaultValue: undefined }), undefined)).toBe(false);
  });
});

describe("groupChanges", () => {
  const fields = fieldsOf(
    "estoque",
    { nivel_critico: 3, multi_deposito: false, metodo_seguranca: "auto" },
    { nivel_critico: 5, multi_deposito: false, metodo_seguranca: "auto" },
  );

  it("sends only the keys whose value changed", () => {
    expect(groupChanges(fields, { nivel_critico: "5", multi_deposito: true, metodo_seguranca: "auto" })).toEqual({
      ok: true,
      body: { multi_deposito: true },
    });
    expect(groupChanges(fields, { nivel_critico: "5" })).toEqual({ ok: true, body: {} });
  });

  it("names each field that cannot be saved and sends nothing", () => {
    expect(groupChanges(fields, { nivel_critico: "cinco", multi_deposito: true })).toEqual({
      ok: false,
      errors: { nivel_critico: expect.any(String) },
    });
  });
});
