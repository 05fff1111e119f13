import { describe, expect, it } from "vitest";
import { render } from "./messages/index.js";
import type { Tariff } from "./records.js";
import {
  TariffValueError,
  applyTariffPatch,
  overlapWarnings,
  sortTariffs,
  strictTariffBodyProblem as strictProblem,
  tariffBodyAssumptions,
  tariffFromCreateBody,
  tariffOutput,
  tariffPatchFromBody,
  volumeRangesOverlap,
} from "./tariffs.js";
import { tariffRecord } from "./test-records.js";

// SPEC 2.6: every default of a created tariff.
const { id: _id, ...DEFAULTS } = tariffRecord(0);

const tariff = tariffRecord;

describe("tariffFromCreateBody", () => {
  it("applies every default to an empty body", () => {
    // Prepare / Act
    const created = tariffFromCreateBody({});

    // Assess
    expect(created).toEqual(DEFAULTS);
  });

  it("reads anything but a plain object as an empty body", () => {
    // Prepare
    const bodies: unknown[] = [null, undefined, [], [1, 2], "text", 42, true];

    // Act
    const created = bodies.map(tariffFromCreateBody);

    // Assess
    for (const c of created) expect(c).toEqual(DEFAULTS);
  });

  it("keeps given values and converts numeric strings", () => {
    // Prepare
    const body = {
      name: "Small",
      min_volume_l: "0.5",
      max_volume_l: " 3 ",
      daily_fee: "12.5",
      inbound_fee: 1.25,
      aged_days_threshold: "120",
      aged_daily_factor: "1.5",
      active: false,
      id: 99,
      unknown: "ignored",
    };

    // Act
    const created = tariffFromCreateBody(body);

    // Assess
    expect(created).toEqual({
      name: "Small",
      min_volume_l: 0.5,
      max_volume_l: 3,
      daily_fee: 12.5,
      inbound_fee: 1.25,
      aged_days_threshold: 120,
      aged_daily_factor: 1.5,
      active: false,
    });
  });

  it("turns falsy amounts into 0 and falsy aged settings into their defaults", () => {
    // Prepare
    const falsy: unknown[] = [null, "", 0, false, "   "];

    // Act
    const created = falsy.map((value) =>
      tariffFromCreateBody({ min_volume_l: value, daily_fee: value, inbound_fee: value, aged_days_threshold: value, aged_daily_factor: value }),
    );

    // Assess
    for (const c of created) expect(c).toMatchObject({ min_volume_l: 0, daily_fee: 0, inbound_fee: 0, aged_days_threshold: 90, aged_daily_factor: 3 });
  });

  it("treats a threshold or factor that converts to 0 as unset", () => {
    // Prepare / Act
    const created = tariffFromCreateBody({ aged_days_threshold: "0", aged_daily_factor: "0.0" });

    // Assess
    expect(created).toMatchObject({ aged_days_threshold: 90, aged_daily_factor: 3 });
  });

  it("leaves max_volume_l open when missing, null or empty, and keeps 0", () => {
    // Prepare / Act / Assess
    expect(tariffFromCreateBody({}).max_volume_l).toBeNull();
    expect(tariffFromCreateBody({ max_volume_l: null }).max_volume_l).toBeNull();
    expect(tariffFromCreateBody({ max_volume_l: "" }).max_volume_l).toBeNull();
    expect(tariffFromCreateBody({ max_volume_l: 0 }).max_volume_l).toBe(0);
    expect(tariffFromCreateBody({ max_volume_l: "0" }).max_volume_l).toBe(0);
  });

  it("counts true as 1 and false as 0 in numeric fields", () => {
    // Prepare / Act
    const created = tariffFromCreateBody({ daily_fee: true, inbound_fee: false, max_volume_l: true });

    // Assess
    expect(created).toMatchObject({ daily_fee: 1, inbound_fee: 0, max_volume_l: 1 });
  });

  it("rejects numeric fields that do not convert, naming field and value", () => {
    // Prepare
    const bad: unknown[] = ["abc", "12abc", "0x10", "NaN", "Infinity", { a: 1 }, [1], Number.NaN, Infinity];

    // Act / Assess
    for (const value of bad) expect(() => tariffFromCreateBody({ daily_fee: value })).toThrow(TariffValueError);
    expect(() => tariffFromCreateBody({ daily_fee: "abc" })).toThrow('Invalid value for daily_fee: "abc"');
    expect(() => tariffFromCreateBody({ max_volume_l: [2] })).toThrow("Invalid value for max_volume_l: [2]");
  });

  it("rejects negative fees and volumes", () => {
    // Prepare
    const fields = ["min_volume_l", "max_volume_l", "daily_fee", "inbound_fee", "aged_days_threshold", "aged_daily_factor"];

    // Act / Assess
    for (const field of fields) expect(() => tariffFromCreateBody({ [field]: -1 })).toThrow(`Invalid value for ${field}: -1 (must not be negative)`);
  });

  it("rejects a threshold that is not a whole number of days instead of truncating it", () => {
    // Prepare / Act / Assess
    expect(() => tariffFromCreateBody({ aged_days_threshold: 90.5 })).toThrow(TariffValueError);
    expect(() => tariffFromCreateBody({ aged_days_threshold: "45.2" })).toThrow("must be a whole number of days");
    expect(tariffFromCreateBody({ aged_days_threshold: "60.0" }).aged_days_threshold).toBe(60);
  });

  it("rejects an upper volume below the lower one", () => {
    // Prepare / Act / Assess
    expect(() => tariffFromCreateBody({ min_volume_l: 10, max_volume_l: 5 })).toThrow(TariffValueError);
    expect(tariffFromCreateBody({ min_volume_l: 5, max_volume_l: 5 })).toMatchObject({ min_volume_l: 5, max_volume_l: 5 });
  });

  it("defaults active to true and converts it to a boolean", () => {
    // Prepare
    const cases: Array<[unknown, boolean]> = [
      [true, true],
      [false, false],
      ["false", false],
      ["0", false],
      ["no", false],
      ["OFF", false],
      ["", false],
      ["true", true],
      ["1", true],
      [" Yes ", true],
      ["on", true],
      [0, false],
      [1, true],
      [-2, true],
      [null, false],
    ];

    // Act
    const results = cases.map(([value]) => tariffFromCreateBody({ active: value }).active);

    // Assess
    expect(tariffFromCreateBody({}).active).toBe(true);
    expect(results).toEqual(cases.map(([, expected]) => expected));
  });

  it("rejects active values that do not read as a boolean", () => {
    // Prepare / Act / Assess
    expect(() => tariffFromCreateBody({ active: "maybe" })).toThrow("Invalid value for active");
    expect(() => tariffFromCreateBody({ active: {} })).toThrow(TariffValueError);
  });

  it("keeps names as text, numbers in their string form, blanks as null", () => {
    // Prepare / Act / Assess
    expect(tariffFromCreateBody({ name: "Big" }).name).toBe("Big");
    expect(tariffFromCreateBody({ name: 12 }).name).toBe("12");
    expect(tariffFromCreateBody({ name: "" }).name).toBeNull();
    expect(tariffFromCreateBody({ name: null }).name).toBeNull();
    expect(() => tariffFromCreateBody({ name: { first: "x" } })).toThrow("Invalid value for name");
    expect(() => tariffFromCreateBody({ name: ["x"] })).toThrow(TariffValueError);
  });
});

describe("tariffPatchFromBody", () => {
  it("holds only the fields present, converted as on create", () => {
    // Prepare
    const body = { daily_fee: "", max_volume_l: null, aged_days_threshold: 0, active: "off", id: 5, other: 1 };

    // Act
    const patch = tariffPatchFromBody(body);

    // Assess
    expect(patch).toEqual({ daily_fee: 0, max_volume_l: null, aged_days_threshold: 90, active: false });
  });

  it("is empty for an empty or non-object body", () => {
    // Prepare / Act / Assess
    expect(tariffPatchFromBody({})).toEqual({});
    expect(tariffPatchFromBody([{ daily_fee: 1 }])).toEqual({});
    expect(tariffPatchFromBody(null)).toEqual({});
    expect(tariffPatchFromBody({ id: 3 })).toEqual({});
  });

  it("rejects values that do not convert", () => {
    // Prepare / Act / Assess
    expect(() => tariffPatchFromBody({ inbound_fee: "x" })).toThrow('Invalid value for inbound_fee: "x"');
  });
});

describe("applyTariffPatch", () => {
  it("changes only the patched fields and keeps the id", () => {
    // Prepare
    const stored = tariff(4, { name: "A", daily_fee: 2, min_volume_l: 1, max_volume_l: 10 });

    // Act
    const updated = applyTariffPatch(stored, { daily_fee: 3 });

    // Assess
    expect(updated).toEqual({ ...stored, daily_fee: 3 });
  });

  it("rejects a patch that inverts the volume range", () => {
    // Prepare
    const stored = tariff(4, { min_volume_l: 1, max_volume_l: 10 });

    // Act / Assess
    expect(() => applyTariffPatch(stored, { min_volume_l: 20 })).toThrow(TariffValueError);
    expect(applyTariffPatch(stored, { min_volume_l: 20, max_volume_l: null }).max_volume_l).toBeNull();
  });
});

describe("sortTariffs", () => {
  it("orders by min_volume_l ascending, then id, without changing the input", () => {
    // Prepare
    const input = [tariff(3, { min_volume_l: 5 }), tariff(2, { min_volume_l: 0 }), tariff(1, { min_volume_l: 5 }), tariff(4, { min_volume_l: 0.5 })];

    // Act
    const sorted = sortTariffs(input);

    // Assess
    expect(sorted.map((t) => t.id)).toEqual([2, 4, 1, 3]);
    expect(input.map((t) => t.id)).toEqual([3, 2, 1, 4]);
  });
});

describe("tariffOutput", () => {
  it("writes all nine fields in SPEC order with unset values as null", () => {
    // Prepare
    const stored = { id: 7, min_volume_l: 0, aged_days_threshold: 90, aged_daily_factor: 3, active: true } as unknown as Tariff;

    // Act
    const output = tariffOutput(stored);

    // Assess
    expect(output).toEqual({ id: 7, name: null, min_volume_l: 0, max_volume_l: null, daily_fee: null, inbound_fee: null, aged_days_threshold: 90, aged_daily_factor: 3, active: true });
    expect(Object.keys(output)).toEqual(["id", "name", "min_volume_l", "max_volume_l", "daily_fee", "inbound_fee", "aged_days_threshold", "aged_daily_factor", "active"]);
  });
});

describe("volumeRangesOverlap", () => {
  const band = (min: number, max: number | null) => ({ min_volume_l: min, max_volume_l: max });

  it("sees a shared volume in half-open bands, open ones included", () => {
    expect(volumeRangesOverlap(band(0, 10), band(5, 20))).toBe(true);
    expect(volumeRangesOverlap(band(0, null), band(500, 600))).toBe(true);
    expect(volumeRangesOverlap(band(10, null), band(0, null))).toBe(true);
  });

  it("does not count bands that only touch, or an empty band", () => {
    expect(volumeRangesOverlap(band(0, 10), band(10, 20))).toBe(false);
    expect(volumeRangesOverlap(band(20, null), band(0, 20))).toBe(false);
    expect(volumeRangesOverlap(band(5, 5), band(0, 10))).toBe(false);
  });
});

describe("overlapWarnings", () => {
  it("names each other active tariff the active one overlaps, in listing order", () => {
    const created = tariff(9, { name: "Nova", min_volume_l: 5, max_volume_l: 15 });
    const others = [tariff(2, { name: "B", min_volume_l: 10, max_volume_l: null }), tariff(1, { name: null, min_volume_l: 0, max_volume_l: 6 }), tariff(3, { min_volume_l: 0, max_volume_l: 100, active: false })];

    const warnings = overlapWarnings(created, [...others, created]);

    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toEqual({
      code: "tariff_overlap",
      params: { min_volume_l: 5, max_volume_l: 15, other_id: 1, other_name: null, other_min_volume_l: 0, other_max_volume_l: 6 },
    });
    expect(warnings[1]!.params).toMatchObject({ other_id: 2, other_name: "B", other_min_volume_l: 10, other_max_volume_l: null });
  });

  it("says nothing for an inactive tariff", () => {
    expect(overlapWarnings(tariff(9, { active: false }), [tariff(1)])).toEqual([]);
  });
});

describe("tariffBodyAssumptions", () => {
  it("names a daily fee and an upper bound left out of a create body", () => {
    expect(tariffBodyAssumptions({}, "create")).toEqual([
      { code: "daily_fee_assumed_zero", params: {} },
      { code: "max_volume_open", params: {} },
    ]);
    expect(tariffBodyAssumptions({ daily_fee: 0, max_volume_l: 10 }, "create")).toEqual([]);
  });

  it("names only the fields an update body blanks", () => {
    expect(tariffBodyAssumptions({ name: "x" }, "update")).toEqual([]);
    expect(tariffBodyAssumptions({ daily_fee: "", max_volume_l: null }, "update")).toHaveLength(2);
  });
});

describe("strictTariffBodyProblem", () => {
  const strictTariffBodyProblem = (body: unknown, action: "create" | "update") => {
    const problem = strictProblem(body, action);
    return problem && render(problem, "en");
  };

  it("refuses a non-object, unknown fields and a missing daily fee on create", () => {
    expect(strictTariffBodyProblem([1], "create")).toMatch(/JSON object/);
    expect(strictTariffBodyProblem({ daily_fee: 1, fee: 2, x: 1 }, "create")).toMatch(/^Unknown fields fee, x:/);
    expect(strictTariffBodyProblem({ name: "a" }, "create")).toMatch(/daily_fee is required/);
    expect(strictTariffBodyProblem({ daily_fee: 0.1, id: 4 }, "create")).toBeUndefined();
  });

  it("lets an update leave daily_fee out, not blank it", () => {
    expect(strictTariffBodyProblem({ name: "a" }, "update")).toBeUndefined();
    expect(strictTariffBodyProblem({ daily_fee: null }, "update")).toMatch(/daily_fee is required/);
  });
});

