import { describe, expect, it } from "vitest";
import { daysBefore, historyQuery, levelTone } from "./history-range.js";

describe("historyQuery", () => {
  it("asks for a range only when both days are given", () => {
    expect(historyQuery("2026-11-01", "2026-11-15")).toEqual({ ok: true, query: { start_date: "2026-11-01", end_date: "2026-11-15" } });
    expect(historyQuery("", "")).toEqual({ ok: true, query: {} });
    expect(historyQuery("2026-11-01", "")).toMatchObject({ ok: false });
    expect(historyQuery("2026-11-15", "2026-11-01")).toMatchObject({ ok: false, error: expect.stringContaining("posterior") });
  });

  it("counts days back across months", () => {
    expect(daysBefore("2026-03-01", 1)).toBe("2026-02-28");
    expect(levelTone("warning")).toBe("warning");
    expect(levelTone("ERROR")).toBe("error");
    expect(levelTone("INFO")).toBe("info");
  });
});
