/** The HTTP contract of the settings endpoints (SPEC 4.B): the request schema each handler parses with, and its answers. */
import * as z from "zod/mini";
import { Settings } from "@fulfillment/core";
import { InvalidInputError } from "../../errors.js";
import { common, described, endpoint, failure, named, ok, text } from "../../contract/schema.js";

// ---------------------------------------------------------------------------
// Settings

export const SettingsGroupPath = z.object({
  group: described(
    "Settings group; defaults is served by GET /settings/defaults. Another name answers 400 (Unknown group: <group>)",
    z.enum(Settings.SETTING_GROUPS, { error: (issue) => new Settings.UnknownGroupError(String(issue.input)).message }),
  ),
});

export const ForecastMultiplier = named(
  "ForecastMultiplier",
  "A forecast multiplier of the core_ai group",
  z.object({
    enabled: z.boolean(),
    weight: z.number(),
    min: z.number(),
    max: z.number(),
    desc: text("Short description"),
  }),
);

export const SettingValue = named(
  "SettingValue",
  "A setting converted by the type of its default; the stored text when conversion fails or the key has no default",
  z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
);

const SettingsGroupValues = named(
  "SettingsGroupValues",
  "Keys of one group: its defaults overlaid with the stored values",
  z.record(z.string(), SettingValue),
);

function defaultSchema(group: Settings.SettingGroup, key: string): z.ZodMiniType {
  const value = Settings.SETTING_DEFAULTS[group][key];
  switch (Settings.settingType(group, key)) {
    case "boolean":
      return z.boolean();
    case "integer":
      return z.int();
    case "number":
      return z.number();
    case "list":
      return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string") ? z.array(z.string()) : z.array(z.unknown());
    case "object":
      return ForecastMultiplier;
    default:
      return z.string();
  }
}

const groupDefaults = (group: Settings.SettingGroup) =>
  z.object(Object.fromEntries(Object.keys(Settings.SETTING_DEFAULTS[group]).map((key) => [key, defaultSchema(group, key)])));

export const SettingsDefaults = named(
  "SettingsDefaults",
  "The built-in default of every key of every group",
  z.object(Object.fromEntries(Settings.SETTING_GROUPS.map((group) => [group, groupDefaults(group)]))),
);

export const SettingsAllResponse = named(
  "SettingsAllResponse",
  "Every group. Entries stored without a group count as geral; object values are returned as stored text in this read",
  z.object({
    success: z.literal(true),
    data: z.object(Object.fromEntries(Settings.SETTING_GROUPS.map((group) => [group, SettingsGroupValues]))),
  }),
);

export const SettingsGroupResponse = named(
  "SettingsGroupResponse",
  "One group. Stored text of a key without a default is parsed as JSON when it begins with {",
  z.object({ success: z.literal(true), data: SettingsGroupValues }),
);

export const SettingsDefaultsResponse = named("SettingsDefaultsResponse", "The complete default structure", z.object({ success: z.literal(true), data: SettingsDefaults }));

export const SettingsUpdateBody = named(
  "SettingsUpdateBody",
  "Key to value, any subset of keys (keys without defaults too). Booleans are stored as true/false, lists and objects as JSON text, anything else as its text. erp_api_token is also stored as the ERP credential's access token",
  z.record(z.string(), z.unknown()),
);

export const SettingsUpdateResponse = named(
  "SettingsUpdateResponse",
  "Every given key was stored, all together",
  z.object({ success: z.literal(true), message: text("Settings for '<group>' updated") }),
);

// ---------------------------------------------------------------------------
// Endpoints

export const getAllSettings = endpoint(
  "GET /settings",
  {},
  {
    operationId: "getAllSettings",
    tag: "Settings",
    summary: "All settings",
    description: "Every group: the defaults overlaid with the stored values, converted by the type of each default.",
    responses: { 200: ok(SettingsAllResponse, "All six groups"), ...common() },
  },
);

export const getSettingsDefaults = endpoint(
  "GET /settings/defaults",
  {},
  {
    operationId: "getSettingsDefaults",
    tag: "Settings",
    summary: "Default settings",
    description: "The built-in default of every key of every group; nothing stored is read.",
    responses: { 200: ok(SettingsDefaultsResponse, "The defaults"), ...common() },
  },
);

export const getSettingsGroup = endpoint(
  "GET /settings/{group}",
  { path: SettingsGroupPath },
  {
    operationId: "getSettingsGroup",
    tag: "Settings",
    summary: "One settings group",
    description: "The group's defaults overlaid with its stored values, converted by the type of each default.",
    responses: {
      200: ok(SettingsGroupResponse, "The group"),
      400: failure("Unknown group (error: Unknown group: <group>)"),
      ...common(),
  },
  },
);

export const updateSettingsGroup = endpoint(
  "PUT /settings/{group}",
  { path: SettingsGroupPath, body: SettingsUpdateBody },
  {
    // SPEC 4.B answers a body that is not a JSON object as a failed PUT (500).
    refusal: (issue) => (issue.path[0] === "body" ? new Settings.InvalidSettingsBodyError() : new InvalidInputError(issue.message)),
    operationId: "updateSettingsGroup",
    tag: "Settings",
    summary: "Update a settings group",
    description: "Stores every given key of the group as text, all together: on any failure nothing is changed.",
    body: { description: "Key to value", required: true },
    responses: {
      200: ok(SettingsUpdateResponse, "Every key was stored"),
      400: failure("Unknown group"),
      409: failure("Other updates of the group kept winning (error: settings changed concurrently, retry); nothing was changed"),
      ...common(
        failure(
          "The body is not a JSON object, the group would pass 3,500,000 bytes, storage did not answer, or an unexpected failure; the error says whether the change may have been stored",
        ),
      ),
  },
  },
);
