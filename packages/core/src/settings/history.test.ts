import { describe, expect, it } from "vitest";
import { isSecretKey, keyChanges, overrideKeyChanges, restoredOverrides, restoredTexts, type SettingsChange } from "./history.js";

const change = (change_id: string, changes: SettingsChange["changes"]): SettingsChange => ({
  change_id,
  group: "estoque",
  at: change_id.slice(0, 24),
  actor: "local",
  request_id: null,
  action: "update",
  changes,
});

describe("settings history", () => {
  it("names API keys, tokens, secrets and passwords as secrets, by key name", () => {
    expect(["weather_api_key", "erp_api_token", "client_secret", "password", "senha"].filter(isSecretKey)).toHaveLength(5);
    expect(["weather_cidade", "keywords", "trends_keywords", "tokenizer"].filter(isSecretKey)).toEqual([]);
  });

  it("lists the keys whose text changed, created and removed ones too, with a secret's values left out", () => {
    const before = new Map([["a", "1"], ["b", "2"], ["erp_api_token", "T1"], ["gone", "x"]]);
    const after = new Map([["a", "1"], ["b", "3"], ["erp_api_token", "T2"], ["new", "y"]]);

    expect(keyChanges(before, after)).toEqual([
      { key: "b", change: "changed", secret: false, old_value: "2", new_value: "3" },
      { key: "erp_api_token", change: "changed", secret: true },
      { key: "gone", change: "removed", secret: false, old_value: "x", new_value: null },
      { key: "new", change: "created", secret: false, old_value: null, new_value: "y" },
    ]);
  });

  it("undoes every change after the target, newest first, and keeps secrets as they are", () => {
    const history = [
      change("2026-11-21T10:00:00.000Z-a", [{ key: "a", change: "created", secret: false, old_value: null, new_value: "1" }]),
      change("2026-11-21T11:00:00.000Z-b", [
        { key: "a", change: "changed", secret: false, old_value: "1", new_value: "2" },
        { key: "weather_api_key", change: "created", secret: true },
      ]),
      change("2026-11-21T12:00:00.000Z-c", [
        { key: "a", change: "changed", secret: false, old_value: "2", new_value: "3" },
        { key: "b", change: "created", secret: false, old_value: null, new_value: "x" },
      ]),
    ];
    const current = new Map([["a", "3"], ["b", "x"], ["weather_api_key", "K"]]);

    const atMoment = restoredTexts(current, history, { at: new Date("2026-11-21T10:30:00Z") });
    const afterSecond = restoredTexts(current, history, { change_id: "2026-11-21T11:00:00.000Z-b" });

    expect(atMoment).toEqual({ texts: new Map([["a", "1"], ["weather_api_key", "K"]]), secretsKept: ["weather_api_key"] });
    expect(afterSecond).toEqual({ texts: new Map([["a", "2"], ["weather_api_key", "K"]]), secretsKept: [] });
  });

  it("names the seller on each key change of an override", () => {
    expect(overrideKeyChanges(new Map([["lead_time_padrao", "5"]]), new Map([["lead_time_padrao", "12"]]), "111111")).toEqual([
      { key: "lead_time_padrao", change: "changed", secret: false, old_value: "5", new_value: "12", seller_id: "111111" },
    ]);
  });

  it("restores the deployment's values and each seller's overrides apart: neither undoes the other's changes", () => {
    const history = [
      change("2026-11-21T10:00:00.000Z-a", [{ key: "lead_time_padrao", change: "created", secret: false, old_value: null, new_value: "5" }]),
      change("2026-11-21T11:00:00.000Z-b", [
        { key: "lead_time_padrao", change: "created", secret: false, old_value: null, new_value: "12", seller_id: "111111" },
        { key: "lead_time_padrao", change: "created", secret: false, old_value: null, new_value: "20", seller_id: "222222" },
      ]),
      change("2026-11-21T12:00:00.000Z-c", [
        { key: "lead_time_padrao", change: "changed", secret: false, old_value: "5", new_value: "7" },
        { key: "lead_time_padrao", change: "changed", secret: false, old_value: "12", new_value: "15", seller_id: "111111" },
      ]),
    ];
    const target = { at: new Date("2026-11-21T11:30:00Z") };

    expect(restoredTexts(new Map([["lead_time_padrao", "7"]]), history, target).texts).toEqual(new Map([["lead_time_padrao", "5"]]));
    expect(restoredOverrides(new Map([["lead_time_padrao", "15"]]), history, target, "111111").texts).toEqual(new Map([["lead_time_padrao", "12"]]));
    // Seller B's override was set before the target and not touched since.
    expect(restoredOverrides(new Map([["lead_time_padrao", "20"]]), history, target, "222222").texts).toEqual(new Map([["lead_time_padrao", "20"]]));
    // Before any override: A's goes.
    expect(restoredOverrides(new Map([["lead_time_padrao", "15"]]), history, { at: new Date("2026-11-21T10:30:00Z") }, "111111").texts).toEqual(new Map());
  });
});
