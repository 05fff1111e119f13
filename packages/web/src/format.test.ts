import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatDay,
  formatDays,
  formatDuration,
  formatMoney,
  formatUnitMoney,
  formatNumber,
  prefsFromGeneralSettings,
  secureImageUrl,
  zonedDay,
} from "./format.js";

const NBSP = "\u00a0";

describe("money and numbers in pt-BR", () => {
  it("shows fees and per-unit costs with the decimals they have (up to 4), never fewer than cents", () => {
    expect(formatUnitMoney(0.007)).toBe(`R$${NBSP}0,007`);
    expect(formatUnitMoney(0.0125)).toBe(`R$${NBSP}0,0125`);
    expect(formatUnitMoney(0.00004)).toBe(`R$${NBSP}0,00`);
    expect(formatUnitMoney(1.5)).toBe(`R$${NBSP}1,50`);
    expect(formatUnitMoney(null)).toBe("—");
    // Totals keep cents.
    expect(formatMoney(0.007)).toBe(`R$${NBSP}0,01`);
  });

  it("formats reais with thousands dots and decimal comma", () => {
    expect(formatMoney(1234.5)).toBe(`R$${NBSP}1.234,50`);
    expect(formatMoney(0)).toBe(`R$${NBSP}0,00`);
    expect(formatMoney(null)).toBe("—");
  });

  it("falls back to reais for an unknown currency code", () => {
    expect(formatMoney(10, "XX1")).toBe(`R$${NBSP}10,00`);
    expect(formatMoney(10, "USD")).toBe(`US$${NBSP}10,00`);
  });

  it("formats counts and days", () => {
    expect(formatNumber(12345)).toBe("12.345");
    expect(formatNumber(2.345, 2)).toBe("2,35");
    expect(formatDays(12.5)).toBe("12,5 dias");
    expect(formatDays(1)).toBe("1 dia");
    expect(formatDays(null)).toBe("—");
  });
});

describe("dates per geral.formato_data", () => {
  it("formats a calendar day with each pattern token", () => {
    expect(formatDay("2025-03-07")).toBe("07/03/2025");
    expect(formatDay("2025-03-07", { dateFormat: "YYYY-MM-DD" })).toBe("2025-03-07");
    expect(formatDay("2025-03-07", { dateFormat: "MM/DD/YY" })).toBe("03/07/25");
    expect(formatDay("2025-03-07", { dateFormat: "D.M.YYYY" })).toBe("7.3.2025");
  });

  it("shows an instant in the business time zone", () => {
    // 02:30 UTC on the 8th is still the 7th in São Paulo (UTC-3).
    expect(formatDateTime("2025-03-08T02:30:00.000Z")).toBe("07/03/2025\u00a023:30");
    expect(formatDateTime("2025-03-08T02:30:00.000Z", { dateFormat: "YYYY-MM-DD", timeZone: "UTC" })).toBe("2025-03-08\u00a002:30");
    expect(zonedDay(new Date("2025-03-08T02:30:00.000Z"), "America/Sao_Paulo")).toBe("2025-03-07");
  });

  it("shows a timestamp without offset as the business zone's wall clock", () => {
    expect(formatDateTime("2026-11-23T03:32:19")).toBe("23/11/2026\u00a003:32");
    expect(formatDateTime("2026-11-23 03:32", { dateFormat: "YYYY-MM-DD", timeZone: "UTC" })).toBe("2026-11-23\u00a003:32");
  });

  it("serves marketplace thumbnails over https", () => {
    expect(secureImageUrl("http://http2.mlstatic.com/D_1-I.jpg")).toBe("https://http2.mlstatic.com/D_1-I.jpg");
    expect(secureImageUrl("https://x/y.jpg")).toBe("https://x/y.jpg");
  });

  it("leaves unreadable values as they are", () => {
    expect(formatDay("ontem")).toBe("ontem");
    expect(formatDateTime("not a date")).toBe("not a date");
    expect(formatDateTime(null)).toBe("—");
  });

  it("formats durations", () => {
    expect(formatDuration(1234)).toBe("1,2 s");
    expect(formatDuration(185_000)).toBe("3 min 5 s");
  });
});

describe("prefsFromGeneralSettings", () => {
  it("reads the pattern, zone and currency, with defaults for blanks", () => {
    expect(prefsFromGeneralSettings({ formato_data: "YYYY-MM-DD", fuso_horario: "UTC", moeda: "usd" })).toEqual({
      dateFormat: "YYYY-MM-DD",
      timeZone: "UTC",
      currency: "USD",
    });
    expect(prefsFromGeneralSettings({ formato_data: "", moeda: 3 })).toEqual({
      dateFormat: "DD/MM/YYYY",
      timeZone: "America/Sao_Paulo",
      currency: "BRL",
    });
  });
});
