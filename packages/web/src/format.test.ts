import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatDay,
  formatDays,
  formatDuration,
  formatClock,
  formatTimeAgo,
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

describe("how long ago, in pt-BR", () => {
  const now = new Date("2026-11-27T15:00:00.000Z");
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MIN = 60_000;

  it("says agora under a minute, then whole minutes, hours and days rounded down", () => {
    expect(formatTimeAgo(before(0), now)).toBe("agora");
    expect(formatTimeAgo(before(59_999), now)).toBe("agora");
    expect(formatTimeAgo(before(MIN), now)).toBe("há 1 min");
    expect(formatTimeAgo(before(3 * MIN + 59_000), now)).toBe("há 3 min");
    expect(formatTimeAgo(before(59 * MIN), now)).toBe("há 59 min");
    expect(formatTimeAgo(before(60 * MIN), now)).toBe("há 1 h");
    expect(formatTimeAgo(before(2 * 60 * MIN + 30 * MIN), now)).toBe("há 2 h");
    expect(formatTimeAgo(before(24 * 60 * MIN - 1), now)).toBe("há 23 h");
    expect(formatTimeAgo(before(24 * 60 * MIN), now)).toBe("há 1 dia");
    expect(formatTimeAgo(before(3 * 24 * 60 * MIN + 5 * MIN), now)).toBe("há 3 dias");
  });

  it("reads a time without an offset as business-zone wall clock, and one with an offset as written", () => {
    // 11:57 in São Paulo (UTC−3) is 14:57 UTC
    expect(formatTimeAgo("2026-11-27T11:57:00", now)).toBe("há 3 min");
    expect(formatTimeAgo("2026-11-27 11:57:00", now)).toBe("há 3 min");
    expect(formatTimeAgo("2026-11-27T11:57:00", now, { timeZone: "UTC" })).toBe("há 3 h");
    expect(formatTimeAgo("2026-11-27T12:00:00-03:00", now)).toBe("agora");
  });

  it("says agora for a time a little ahead of this computer's clock, and — for none or an unreadable one", () => {
    expect(formatTimeAgo(new Date(now.getTime() + 5_000).toISOString(), now)).toBe("agora");
    expect(formatTimeAgo(null, now)).toBe("—");
    expect(formatTimeAgo("", now)).toBe("—");
    expect(formatTimeAgo("ontem", now)).toBe("—");
  });

  it("tells the clock time of a check in the business zone", () => {
    expect(formatClock(now)).toBe("12:00:00");
    expect(formatClock(now, { timeZone: "UTC" })).toBe("15:00:00");
  });
});
