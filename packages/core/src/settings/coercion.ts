/** Type-aware reading and writing of stored setting text (SPEC 4.B, "Reading rules" and PUT). */
import { SETTING_DEFAULTS, SETTING_GROUPS, defaultGroup, defaultGroupText, defaultSettings, settingType, type SettingGroup, type SettingType, type SettingValue } from "./defaults.js";
import type { SettingEntry } from "../records.js";

/** Which read is converting: the object type and `{`-text are parsed only in the single-group read. */
export type ReadScope = "group" | "all";

// A plain decimal: what a person writes for a number. Rejects "", "0x10", "1e", "Infinity", "NaN".
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

function parseDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Converts stored text by the type of its default; the raw text when conversion fails. */
export function readValue(type: SettingType | undefined, text: string, scope: ReadScope): SettingValue {
  switch (type) {
    case "boolean":
      return ["true", "1", "yes"].includes(text.toLowerCase());
    case "integer": {
      const value = parseDecimal(text);
      return value === undefined ? text : Math.trunc(value) + 0; // + 0 turns -0 into 0
    }
    case "number":
      return parseDecimal(text) ?? text;
    case "list":
      if (text === "") return [];
      return (parseJson(text) as SettingValue | undefined) ?? text;
    case "object":
      if (scope === "all") return text;
      if (text === "") return {};
      return (parseJson(text) as SettingValue | undefined) ?? text;
    case "string":
      return text;
    case undefined: {
      if (scope === "group" && text.startsWith("{")) {
        const parsed = parseJson(text);
        if (parsed !== undefined && parsed !== null) return parsed as SettingValue;
      }
      return text;
    }
  }
}

/** The text a PUT stores for a value: booleans as true/false, lists and objects as JSON. */
export function writeValue(value: unknown): string {
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export const describeSetting = (group: string, key: string): string => `Setting: ${group}.${key}`;

/** GET /settings/{group}: the group's defaults overlaid with its stored entries. */
export function readGroup(group: SettingGroup, stored: Iterable<SettingEntry>): Record<string, SettingValue> {
  const values: Record<string, SettingValue> = defaultGroup(group);
  for (const entry of stored) {
    if (entry.group !== group) continue;
    values[entry.key] = readValue(settingType(group, entry.key), entry.value, "group");
  }
  return values;
}

/** GET /settings: every group; entries without a group count as geral, unknown groups are ignored. */
export function readAllGroups(stored: Iterable<SettingEntry>): Record<SettingGroup, Record<string, SettingValue>> {
  const groups = defaultSettings();
  for (const entry of stored) {
    const group = entry.group ?? "geral";
    if (!(SETTING_GROUPS as readonly string[]).includes(group)) continue;
    const known = group as SettingGroup;
    groups[known][entry.key] = readValue(settingType(known, entry.key), entry.value, "all");
  }
  return groups;
}

/**
 * GET /settings' `data` as JSON text, the same text as JSON.stringify(readAllGroups(stored)): a
 * group no stored entry touches is its defaults' text, made once, neither copied nor serialised again.
 */
export function readAllGroupsText(stored: Iterable<SettingEntry>): string {
  const touched = new Map<SettingGroup, SettingEntry[]>();
  for (const entry of stored) {
    const group = entry.group ?? "geral";
    if (!(SETTING_GROUPS as readonly string[]).includes(group)) continue;
    touched.set(group as SettingGroup, [...(touched.get(group as SettingGroup) ?? []), entry]);
  }
  const parts = (Object.keys(SETTING_DEFAULTS) as SettingGroup[]).map((group) => {
    const entries = touched.get(group);
    if (!entries) return `${JSON.stringify(group)}:${defaultGroupText(group)}`;
    const values = defaultGroup(group);
    for (const entry of entries) values[entry.key] = readValue(settingType(group, entry.key), entry.value, "all");
    return `${JSON.stringify(group)}:${JSON.stringify(values)}`;
  });
  return `{${parts.join(",")}}`;
}
