import { describe, expect, it } from "vitest";
import { applyPlanning, isSnoozed, noPlanning } from "./planning.js";

describe("SKU planning parameters", () => {
  it("is snoozed through the snooze day inclusive, and back the day after", () => {
    expect(isSnoozed({ snooze_until: "2026-11-25" }, "2026-11-21")).toBe(true);
    expect(isSnoozed({ snooze_until: "2026-11-21" }, "2026-11-21")).toBe(true);
    expect(isSnoozed({ snooze_until: "2026-11-20" }, "2026-11-21")).toBe(false);
    expect(isSnoozed({ snooze_until: null }, "2026-11-21")).toBe(false);
    expect(isSnoozed(undefined, "2026-11-21")).toBe(false);
  });

  it("changes only the fields given, and clears a field given as null", () => {
    // Prepare
    const stored = { ...noPlanning("A"), case_pack: 12, lead_time_days: 20 };

    // Act
    const next = applyPlanning(stored, { lead_time_days: null, snooze_until: "2026-12-01" }, "2026-11-21T10:00:00.000Z");

    // Assess
    expect(next).toEqual({ sku: "A", case_pack: 12, lead_time_days: null, snooze_until: "2026-12-01", updated_at: "2026-11-21T10:00:00.000Z" });
  });
});
