import { describe, expect, it } from "vitest";
import { numberValue, tariffBody, tariffDraft, type Tariff } from "./tariff-form.js";

const tariff: Tariff = {
  id: 3,
  name: "Pequeno",
  min_volume_l: 0,
  max_volume_l: 2.5,
  daily_fee: 0.05,
  inbound_fee: 1,
  aged_days_threshold: 90,
  aged_daily_factor: 3,
  active: true,
};

describe("numberValue", () => {
  it("reads pt-BR and plain decimals, and leaves other text for the API to refuse", () => {
    expect(numberValue("0,12")).toBe(0.12);
    expect(numberValue("1.234,5")).toBe(1234.5);
    expect(numberValue("0.12")).toBe(0.12);
    expect(numberValue(" 20 ")).toBe(20);
    expect(numberValue("")).toBeNull();
    expect(numberValue("abc")).toBe("abc");
  });
});

describe("tariff drafts and bodies", () => {
  it("starts a new tariff from the create defaults", () => {
    expect(tariffDraft()).toEqual({
      name: "",
      min_volume_l: "0",
      max_volume_l: "",
      daily_fee: "",
      inbound_fee: "",
      aged_days_threshold: "90",
      aged_daily_factor: "3",
      active: true,
    });
  });

  it("sends every field on create, an empty maximum as no upper bound", () => {
    const draft = { ...tariffDraft(), name: "Grande", min_volume_l: "20", daily_fee: "0,12", inbound_fee: "2,5" };
    expect(tariffBody(draft)).toEqual({
      name: "Grande",
      active: true,
      min_volume_l: 20,
      max_volume_l: null,
      daily_fee: 0.12,
      inbound_fee: 2.5,
      aged_days_threshold: 90,
      aged_daily_factor: 3,
    });
  });

  it("sends only the changed fields on edit", () => {
    const draft = { ...tariffDraft(tariff), daily_fee: "0,07", active: false };
    expect(tariffDraft(tariff).max_volume_l).toBe("2,5");
    expect(tariffBody(draft, tariff)).toEqual({ daily_fee: 0.07, active: false });
    expect(tariffBody({ ...tariffDraft(tariff), max_volume_l: "" }, tariff)).toEqual({ max_volume_l: null });
  });
});
