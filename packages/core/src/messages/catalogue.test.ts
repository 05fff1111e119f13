import { describe, expect, it } from "vitest";
import { CATALOGUE, DEFAULT_LOCALE, LOCALES, describe as describeMessage, render, type MessageCode } from "./index.js";

/** Params that exercise every branch a text has: numbers with decimals, a day, an instant, a name, an age bucket. */
const TEXT_PARAMS: Record<string, string> = { other_name: "Pequenos", oldest_bucket: "over_365", run_id: "2026-11-27T03:00:00Z#a1", error: "marketplace unreachable", summary: "2 mudanças", by_kind: "Estoque parado 2", last_success_at: "2026-11-26T03:04:05Z", date: "2026-12-03" };
const SAMPLE = new Proxy({}, { get: (_target, key) => (String(key).endsWith("date") || key === "ship_by" || key === "until" ? "2026-12-03" : (TEXT_PARAMS[String(key)] ?? 1234.5)) });

describe("message catalogue", () => {
  it("has a pt-BR and an English text for every code, and pt-BR is the default", () => {
    expect(DEFAULT_LOCALE).toBe("pt-BR");
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      for (const locale of LOCALES) {
        expect(typeof (entry as Record<string, unknown>)[locale], `${code} has no ${locale} text`).toBe("function");
        const text = render({ code: code as MessageCode, params: SAMPLE as never }, locale);
        expect(text.trim().length, `${code} ${locale}`).toBeGreaterThan(0);
        expect(text, `${code} ${locale} leaves a param unwritten`).not.toMatch(/undefined|NaN|\[object/);
      }
    }
  });

  it("writes pt-BR figures the Brazilian way: dd/mm/aaaa, decimal comma, reais", () => {
    const text = render({ code: "full_stock_lasts", params: { available: 1234, in_transit: 6, coverage_days: 8.5, stockout_date: "2026-12-03" } });
    expect(text).toBe("Estoque Full de 1.234 + 6 em trânsito dura 8,5 dias, até 03/12/2026");
    expect(render({ code: "aged_no_sales_at_risk", params: { units_at_risk: 12, threshold_days: 90, surcharge: 54 } })).toContain("R$\u00a054,00");
    expect(render({ code: "full_stock_lasts", params: { available: 1234, in_transit: 6, coverage_days: 8.5, stockout_date: "2026-12-03" } }, "en")).toBe(
      "Full stock 1,234 + 6 in transit lasts 8.5 days, until 2026-12-03",
    );
  });

  it("answers code, params and the text side by side", () => {
    expect(describeMessage({ code: "snoozed_until", params: { until: "2026-11-30" } })).toEqual({ code: "snoozed_until", params: { until: "2026-11-30" }, text: "Adiado até 30/11/2026" });
  });
});
