import { describe, expect, it } from "vitest";
import { isSnoozed } from "./planning.js";

describe("SKU planning parameters", () => {
  it("is snoozed through the snooze day inclusive, and back the day after", () => {
    expect(isSnoozed({ snooze_until: "2026-11-25" }, "2026-11-21")).toBe(true);
    expect(isSnoozed({ snooze_until: "2026-11-21" }, "2026-11-21")).toBe(true);
    expect(isSnoozed({ snooze_until: "2026-11-20" }, "2026-11-21")).toBe(false);
    expect(isSnoozed({ snooze_until: null }, "2026-11-21")).toBe(false);
    expect(isSnoozed(undefined, "2026-11-21")).toBe(false);
  });
});
