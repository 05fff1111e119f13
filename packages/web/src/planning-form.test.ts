import { describe, expect, it } from "vitest";
import { planningBody, planningDraft } from "./planning-form.js";

describe("planningDraft", () => {
  it("starts from the line's case pack, lead time and snooze", () => {
    expect(planningDraft({ case_pack: 12, lead_time_days: 20, snooze_until: null })).toEqual({ case_pack: "12", lead_time_days: "20", snooze_until: "" });
  });
});

describe("planningBody", () => {
  const original = planningDraft({ case_pack: 12, lead_time_days: 20, snooze_until: "2026-12-01" });

  it("sends only what changed, as numbers and a calendar day", () => {
    expect(planningBody({ ...original, case_pack: " 24 " }, original)).toEqual({ case_pack: 24 });
    expect(planningBody({ ...original, lead_time_days: "25", snooze_until: "2026-12-10" }, original)).toEqual({ lead_time_days: 25, snooze_until: "2026-12-10" });
    expect(planningBody(original, original)).toEqual({});
  });

  it("clears an emptied field with null", () => {
    expect(planningBody({ ...original, case_pack: "", snooze_until: "" }, original)).toEqual({ case_pack: null, snooze_until: null });
  });

  it("sends what is not a number as typed, for the API to refuse in its words", () => {
    expect(planningBody({ ...original, case_pack: "uma dúzia" }, original)).toEqual({ case_pack: "uma dúzia" });
    expect(planningBody({ ...original, lead_time_days: "2,5" }, original)).toEqual({ lead_time_days: 2.5 });
  });
});
