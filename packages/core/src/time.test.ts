import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  addDays,
  calendarDay,
  daysBetween,
  isCalendarDate,
  isoTimestamp,
  timestampToInstant,
  validTimeZone,
  wallClockToInstant,
} from "./time.js";

describe("business time", () => {
  it("accepts only real YYYY-MM-DD dates", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-3")).toBe(false);
    expect(isCalendarDate("21/11/2026")).toBe(false);
    expect(isCalendarDate(20261121)).toBe(false);
  });

  it("takes the calendar day of an instant in the zone", () => {
    const instant = new Date("2026-11-21T02:30:00Z");
    expect(calendarDay("America/Sao_Paulo", instant)).toBe("2026-11-20");
    expect(calendarDay("UTC", instant)).toBe("2026-11-21");
  });

  it("places wall-clock times of the zone on the UTC timeline", () => {
    expect(wallClockToInstant("America/Sao_Paulo", "2026-11-20T00:00:00").toISOString()).toBe("2026-11-20T03:00:00.000Z");
    expect(wallClockToInstant("America/Sao_Paulo", "2026-11-20 23:59:59.999").toISOString()).toBe("2026-11-21T02:59:59.999Z");
    // Across a daylight-saving change (New York, 2026-03-08).
    expect(wallClockToInstant("America/New_York", "2026-03-08T12:00:00").toISOString()).toBe("2026-03-08T16:00:00.000Z");
  });

  it("reads stored timestamps with an offset as written, without one as business wall clock", () => {
    expect(timestampToInstant(DEFAULT_TIME_ZONE, "2026-11-20T03:00:00Z")?.toISOString()).toBe("2026-11-20T03:00:00.000Z");
    expect(timestampToInstant(DEFAULT_TIME_ZONE, "2026-11-20T03:00:00-03:00")?.toISOString()).toBe("2026-11-20T06:00:00.000Z");
    expect(timestampToInstant(DEFAULT_TIME_ZONE, "2026-11-20T03:00:00")?.toISOString()).toBe("2026-11-20T06:00:00.000Z");
    expect(timestampToInstant(DEFAULT_TIME_ZONE, "yesterday")).toBeUndefined();
  });

  it("counts calendar days", () => {
    expect(addDays("2026-11-21", -60)).toBe("2026-09-22");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(daysBetween("2026-09-22", "2026-11-21")).toBe(60);
    expect(daysBetween("2026-11-21", "2026-11-20")).toBe(-1);
  });

  it("falls back to the default zone for an unknown one", () => {
    expect(validTimeZone("Europe/Lisbon")).toBe("Europe/Lisbon");
    expect(validTimeZone("Mars/Olympus")).toBe(DEFAULT_TIME_ZONE);
    expect(validTimeZone("")).toBe(DEFAULT_TIME_ZONE);
    expect(validTimeZone(undefined)).toBe(DEFAULT_TIME_ZONE);
  });

  it("writes stored timestamps as ISO 8601 text", () => {
    expect(isoTimestamp("2026-11-20 10:00:00")).toBe("2026-11-20T10:00:00");
    expect(isoTimestamp("2026-11-20T10:00:00Z")).toBe("2026-11-20T10:00:00Z");
    expect(isoTimestamp("")).toBeNull();
    expect(isoTimestamp(null)).toBeNull();
  });
});
