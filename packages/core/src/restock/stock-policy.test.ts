import { describe, expect, it } from "vitest";
import { Settings } from "../index.js";
import { safetyUnits, stockPolicy } from "./stock-policy.js";

const estoque = (stored: Record<string, string>) =>
  Settings.readGroup("estoque", Object.entries(stored).map(([key, value]) => ({ key, value, group: "estoque" })));

describe("stock policy", () => {
  it("reads the defaults: 15 days of lead time, auto safety with multiplier 1.5", () => {
    expect(stockPolicy(estoque({}))).toEqual({ leadTimeDays: 15, safetyMethod: "auto", safetyMultiplier: 1.5 });
  });

  it("reads stored values, and falls back to the default for one that makes no sense", () => {
    expect(stockPolicy(estoque({ lead_time_padrao: "20", metodo_seguranca: "DIAS", multiplicador_seguranca: "2" }))).toEqual({
      leadTimeDays: 20,
      safetyMethod: "dias",
      safetyMultiplier: 2,
    });
    expect(stockPolicy(estoque({ lead_time_padrao: "-3", metodo_seguranca: "magic", multiplicador_seguranca: "lots" }))).toEqual({
      leadTimeDays: 15,
      safetyMethod: "auto",
      safetyMultiplier: 1.5,
    });
  });
});

describe("safety units", () => {
  it("auto: m standard deviations of Poisson sales over the lead time, ⌈m × √(v × L)⌉", () => {
    // 2/day over 15 days: √30 = 5.477 × 1.5 = 8.2 → 9
    expect(safetyUnits({ safetyMethod: "auto", safetyMultiplier: 1.5 }, 2, 15)).toBe(9);
    // 1/day over 16 days: √16 = 4 × 1.5 = 6 exactly
    expect(safetyUnits({ safetyMethod: "auto", safetyMultiplier: 1.5 }, 1, 16)).toBe(6);
    expect(safetyUnits({ safetyMethod: "auto", safetyMultiplier: 1.5 }, 0, 16)).toBe(0);
  });

  it("dias: m days of sales; fixo: m units; nenhum: none", () => {
    expect(safetyUnits({ safetyMethod: "dias", safetyMultiplier: 1.5 }, 2, 15)).toBe(3);
    expect(safetyUnits({ safetyMethod: "dias", safetyMultiplier: 3 }, 0.1, 15)).toBe(1); // 0.30000000000000004 → 1
    expect(safetyUnits({ safetyMethod: "fixo", safetyMultiplier: 1.5 }, 2, 15)).toBe(2);
    expect(safetyUnits({ safetyMethod: "nenhum", safetyMultiplier: 1.5 }, 2, 15)).toBe(0);
  });
});
