import { describe, expect, it } from "vitest";
import { readState } from "./changes.js";
import { publishView, raiseViewField } from "./read-model.js";
import { useTestTable } from "#test/table";

/** A view's time kept among its sums only moves forward, whatever order its writers land in. */

const db = useTestTable("view-field", "test");

const timeOf = async (): Promise<unknown> => ((await readState(db.ref)).view_overview as { totals: Record<string, unknown> }).totals.updated_ms;

describe("raiseViewField", () => {
  it("moves a field of the sums to a later value, never to an earlier one", async () => {
    // Prepare
    await publishView(db.ref, "overview", { inventory: 0, ads: 0 }, { totals: { units_available: 3, updated_ms: 1_000 } });

    // Act
    const later = await raiseViewField(db.ref, "overview", "totals", "updated_ms", 2_000);
    const lateWriter = await raiseViewField(db.ref, "overview", "totals", "updated_ms", 1_500);

    // Assess
    expect([later, lateWriter]).toEqual([true, false]);
    expect(await timeOf()).toBe(2_000);
    expect(((await readState(db.ref)).view_overview as { totals: Record<string, unknown> }).totals.units_available).toBe(3);
  });

  it("sets a field that holds null or is missing, and leaves a view without sums alone", async () => {
    await publishView(db.ref, "overview", { inventory: 0 }, { totals: { updated_ms: null } });
    expect(await raiseViewField(db.ref, "overview", "totals", "updated_ms", 5)).toBe(true);
    expect(await timeOf()).toBe(5);

    await publishView(db.ref, "overview", { inventory: 0 }, { totals: {} });
    expect(await raiseViewField(db.ref, "overview", "totals", "updated_ms", 7)).toBe(true);
    expect(await timeOf()).toBe(7);

    expect(await raiseViewField(db.ref, "aged_stock", "totals", "updated_ms", 9)).toBe(false);
    expect((await readState(db.ref)).view_aged_stock).toBeUndefined();
  });
});
