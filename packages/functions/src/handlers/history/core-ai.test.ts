import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { putSystemLogs } from "#storage/system-logs";
import { writeGroupEntries } from "#storage/settings";
import { handler } from "./core-ai.js";

const db = useTestTable("history");

const entry = (id: number, instant: string, module = "core_ai", details: string | null = null) => ({
  entry: { id, timestamp: instant, message: `m${id}`, level: "INFO", details, module },
  instant: new Date(instant.endsWith("Z") ? instant : `${instant}-03:00`).toISOString(),
});

const history = (query?: Record<string, string>) => invoke(handler, { path: "/history/core_ai", query });

describe("GET /history/core_ai", () => {
  it("returns only the forecasting engine's entries, newest first, limited to 50 without a range", async () => {
    const entries = Array.from({ length: 60 }, (_, i) =>
      entry(i + 1, `2026-10-${String(1 + (i % 28)).padStart(2, "0")}T${String(i % 24).padStart(2, "0")}:00:00`),
    );
    await putSystemLogs(db.ref, [...entries, entry(500, "2026-11-01T00:00:00", "sync")]);

    const response = await history();
    expect(response.statusCode).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toHaveLength(50);
    const stamps = response.body.data.map((e: { timestamp: string }) => e.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(response.body.data.some((e: { id: number }) => e.id === 500)).toBe(false);
  });

  it("filters by both dates, inclusive through 23:59:59 of the end day in the business zone", async () => {
    await putSystemLogs(db.ref, [
      entry(1001, "2026-12-01T00:00:00"),
      entry(1002, "2026-12-02T23:59:59"),
      entry(1003, "2026-12-03T00:00:00"),
      entry(1004, "2026-11-30T23:59:59"),
      // 02:30 UTC on the 3rd is still the 2nd in São Paulo (UTC−3).
      entry(1005, "2026-12-03T02:30:00Z"),
    ]);
    const response = await history({ start_date: "2026-12-01", end_date: "2026-12-02" });
    expect(response.body.data.map((e: { id: number }) => e.id)).toEqual([1002, 1005, 1001]);
  });

  it.each([
    [{ start_date: "2026-12-01" }],
    [{ end_date: "2026-12-02" }],
    [{ start_date: "01/12/2026", end_date: "2026-12-02" }],
    [{ start_date: "2026-02-30", end_date: "2026-12-02" }],
  ])("ignores the filter unless both dates are valid (%j)", async (query) => {
    const response = await history(query);
    expect(response.statusCode).toBe(200);
    expect(response.body.data).toHaveLength(50);
  });

  it("answers a range that ends before it starts with no entries", async () => {
    await putSystemLogs(db.ref, [entry(1101, "2024-03-11T12:00:00")]);

    const response = await history({ start_date: "2024-03-12", end_date: "2024-03-10" });

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ success: true, data: [] });
  });

  it("follows the business time zone setting", async () => {
    await writeGroupEntries(db.ref, "geral", { entries: { fuso_horario: { value: "UTC", description: null } } });
    const response = await history({ start_date: "2026-12-03", end_date: "2026-12-03" });
    // Instants were fixed at write time; the window is now 2026-12-03 00:00–23:59 UTC.
    expect(response.body.data.map((e: { id: number }) => e.id)).toEqual([1003, 1002, 1005]);
    await writeGroupEntries(db.ref, "geral", { entries: { fuso_horario: { value: "America/Sao_Paulo", description: null } } });
  });

  it("parses details into an object, {} when absent or invalid", async () => {
    await putSystemLogs(db.ref, [
      entry(2001, "2027-01-05T10:00:00", "core_ai", '{"mape":12.5}'),
      entry(2002, "2027-01-05T11:00:00", "core_ai", "not json"),
      entry(2003, "2027-01-05T12:00:00", "core_ai", null),
    ]);
    const response = await history({ start_date: "2027-01-05", end_date: "2027-01-05" });
    expect(response.body.data).toEqual([
      { id: 2003, timestamp: "2027-01-05T12:00:00", message: "m2003", level: "INFO", details: {} },
      { id: 2002, timestamp: "2027-01-05T11:00:00", message: "m2002", level: "INFO", details: {} },
      { id: 2001, timestamp: "2027-01-05T10:00:00", message: "m2001", level: "INFO", details: { mape: 12.5 } },
    ]);
  });
});
