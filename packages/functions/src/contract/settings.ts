/** The HTTP contract of the settings endpoints (SPEC 4.B): the request schema each handler parses with, and its answers. */
import * as z from "zod/mini";
import { Settings, Time } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";
import { explain, issueText } from "../error-texts.js";
import { type Agrees, type Checked, common, described, endpoint, failure, isoDateTime, keyed, named, nullableText, ok, succeeded, text, wholeNumberQuery, bounded, id, list, nullableId } from "./schema.js";
import { boundRefusal, LIMITS } from "./limits.js";

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
    desc: text("Short description", LIMITS.nameChars),
  }),
);

export const SettingValue = named(
  "SettingValue",
  "A setting converted by the type of its default; the stored text when conversion fails or the key has no default",
  z.union([bounded(LIMITS.settingChars), z.number(), z.boolean(), list(z.unknown(), LIMITS.settingItems), z.record(bounded(LIMITS.nameChars), z.unknown())]),
);

const SettingsGroupValues = named(
  "SettingsGroupValues",
  "Keys of one group: its defaults overlaid with the stored values",
  z.record(bounded(LIMITS.nameChars), SettingValue),
);

function defaultSchema(group: Settings.SettingGroup, key: string): z.ZodMiniType {
  const value = Settings.SETTING_DEFAULTS[group][key];
  switch (Settings.settingType(group, key)) {
    case "boolean":
      return z.boolean();
    case "integer":
      return z.int32();
    case "number":
      return z.number();
    case "list":
      return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string") ? list(bounded(LIMITS.nameChars), LIMITS.settingItems) : list(z.unknown(), LIMITS.settingItems);
    case "object":
      return ForecastMultiplier;
    default:
      return bounded(LIMITS.settingChars);
  }
}

const groupDefaults = (group: Settings.SettingGroup) =>
  z.object(Object.fromEntries(Object.keys(Settings.SETTING_DEFAULTS[group]).map((key) => [key, defaultSchema(group, key)])));

export const SettingsDefaults = named(
  "SettingsDefaults",
  "The built-in default of every key of every group",
  keyed(Settings.SETTING_GROUPS, groupDefaults),
);

export const SettingsAllResponse = named(
  "SettingsAllResponse",
  "Every group. Entries stored without a group count as geral; object values are returned as stored text in this read",
  succeeded({
    data: keyed(Settings.SETTING_GROUPS, () => SettingsGroupValues),
  }),
);

export const SettingsGroupResponse = named(
  "SettingsGroupResponse",
  "One group. Stored text of a key without a default is parsed as JSON when it begins with {",
  succeeded({ data: SettingsGroupValues }),
);

export const SettingsDefaultsResponse = named("SettingsDefaultsResponse", "The complete default structure", succeeded({ data: SettingsDefaults }));

export const SettingsUpdateBody = named(
  "SettingsUpdateBody",
  "Key to value, any subset of keys (keys without defaults too). Booleans are stored as true/false, lists and objects as JSON text, anything else as its text. erp_api_token is also stored as the ERP credential's access token",
  z.record(bounded(LIMITS.nameChars), z.unknown()),
);

export const SettingsUpdateResponse = named(
  "SettingsUpdateResponse",
  "Every given key was stored, all together",
  succeeded({ message: text("Settings for '<group>' updated") }),
);

/** GET /settings/{group}/history: how many changes by default, and at most. */
export const DEFAULT_HISTORY_LIMIT = 20;
export const MAX_HISTORY_LIMIT = 100;
/** A cursor is a change id (about 35 characters); anything much longer names no change. */
const MAX_CURSOR_LENGTH = 200;

export const SettingsHistoryQuery = z.object({
  limit: wholeNumberQuery("limit", { min: 1, max: MAX_HISTORY_LIMIT, fallback: DEFAULT_HISTORY_LIMIT }, "How many changes, newest first; anything else is refused (400)"),
  cursor: described(
    "next_cursor of the previous page: the changes older than it",
    z.optional(z.string().check(z.maxLength(MAX_CURSOR_LENGTH, { error: issueText(explain("cursor_invalid")) }))),
  ),
});

const KeyChange = named(
  "SettingKeyChange",
  "What a change did to one key. Values are the stored texts; a secret (API keys, tokens, passwords: by key name) carries no value, only that it changed",
  z.object({
    key: text("Setting key", LIMITS.nameChars),
    change: described("created: the key was not stored before; removed: it is not stored after (it reads as its default)", z.enum(["created", "changed", "removed"])),
    secret: described("The key holds a secret: old_value and new_value are left out", z.boolean()),
    old_value: described("Stored text before; null when the key was not stored. Absent for a secret", z.optional(z.nullable(bounded(LIMITS.settingChars)))),
    new_value: described("Stored text after; null when the key is no longer stored. Absent for a secret", z.optional(z.nullable(bounded(LIMITS.settingChars)))),
    seller_id: z.optional(text("The seller (marketplace user id) whose override of the key changed; absent for the deployment's value", LIMITS.idChars)),
  }),
);

export const SettingsChange = named(
  "SettingsChange",
  "One recorded change of a settings group: a PUT or a restore",
  z.object({
    change_id: id("Id of the change; ids sort by time"),
    group: text("Settings group", LIMITS.nameChars),
    at: isoDateTime("When the change was stored (UTC)"),
    actor: text("Who made it: the signed-in caller, or local in the open local mode (system for the loader and the demo data)", LIMITS.nameChars * 2),
    request_id: nullableId("The request that made it (the apigw-requestid header of its answer)"),
    action: described(
      "update: a PUT /settings/{group} (or a DELETE of a seller's override); restore: a POST /settings/{group}/restore",
      z.enum(["update", "restore"]),
    ),
    restored_to: described(
      "A restore: the moment or the change it went back to",
      z.optional(z.object({ at: z.optional(isoDateTime("The moment")), change_id: z.optional(bounded(LIMITS.idChars)) })),
    ),
    changes: list(KeyChange, LIMITS.settingItems),
  }),
);

export const SettingsHistoryResponse = named(
  "SettingsHistoryResponse",
  "A page of the group's changes, newest first",
  succeeded({
    group: text("Settings group", LIMITS.nameChars),
    changes: list(SettingsChange, MAX_HISTORY_LIMIT),
    next_cursor: nullableText("Pass as cursor for the next (older) page; null on the last page", MAX_CURSOR_LENGTH),
  }),
);

const CHANGE_ID = issueText(explain("change_id_invalid"));

export const SettingsRestoreBody = named(
  "SettingsRestoreBody",
  "Exactly one of at (an ISO 8601 timestamp; without an offset it is business-zone wall clock) and change_id (the group is put back as it was just after that change)",
  z.union([
    z.strictObject({ at: described("The moment to go back to", bounded(LIMITS.dateTimeChars)) }),
    z.strictObject({
      change_id: described(
        "The change just after which the group is put back",
        z.string({ error: CHANGE_ID }).check(z.maxLength(LIMITS.idChars, { error: CHANGE_ID }), z.refine((id) => id.trim() !== "", { error: CHANGE_ID })),
      ),
    }),
  ]),
);

/** A restore body's refusals: the shape it must have, or the field at fault. */
function restoreRefusal(issue: z.core.$ZodIssue): Error {
  if (issue.path[0] !== "body" || issue.path.length > 1) return new InvalidInputError(issue.message);
  if (issue.code === "invalid_union") return new InvalidInputError(explain("restore_one_of"));
  return new InvalidInputError(explain("restore_shape"));
}

/** The restore target: a change id, or the moment `at` names (without an offset: business-zone wall clock, CONTRACTS 4). */
export function restoreTarget(body: { at: string } | { change_id: string }, zone: string): Settings.RestoreTarget {
  if ("change_id" in body) return { change_id: body.change_id };
  const instant = Time.timestampToInstant(zone, body.at);
  if (!instant) throw new InvalidInputError(explain("at_not_timestamp", { got: String(body.at).slice(0, 40) }));
  return { at: instant };
}

export const SettingsRestoreResponse = named(
  "SettingsRestoreResponse",
  "The restored group as GET /settings/{group} reads it, the change that recorded the restore, and the secrets left as they were",
  succeeded({
    data: SettingsGroupValues,
    change: SettingsChange,
    secrets_kept: described("Secret keys changed since the target: their old values are never recorded, so they keep their current values", list(bounded(LIMITS.nameChars), LIMITS.settingItems)),
  }),
);

// The core's group values and recorded change, checked against their schemas both ways.
export type SettingsAnswers = Checked<[Agrees<typeof SettingsGroupValues, Record<string, Settings.SettingValue>>, Agrees<typeof SettingsChange, Settings.SettingsChange>]>;

// ---------------------------------------------------------------------------
// Endpoints

const CONCURRENT_CHANGES = failure("Other updates of the group kept winning (error: settings changed concurrently, retry); nothing was changed");

export const getAllSettings = endpoint(
  "getAllSettings",
  {},
  {
    tag: "Settings",
    summary: "All settings",
    description:
      "Every group: the defaults overlaid with the stored values, converted by the type of each default. Naming a seller (X-Seller-Id or seller_id; all names none): the same with that seller's overrides applied (GET /settings/overrides).",
    responses: { 200: ok(SettingsAllResponse, "All six groups"), ...common() },
  },
);

export const getSettingsDefaults = endpoint(
  "getSettingsDefaults",
  {},
  {
    tag: "Settings",
    summary: "Default settings",
    description: "The built-in default of every key of every group; nothing stored is read.",
    responses: { 200: ok(SettingsDefaultsResponse, "The defaults"), ...common() },
  },
);

export const getSettingsGroup = endpoint(
  "getSettingsGroup",
  { path: SettingsGroupPath },
  {
    tag: "Settings",
    summary: "One settings group",
    description:
      "The group's defaults overlaid with its stored values, converted by the type of each default. Naming a seller (X-Seller-Id or seller_id; all names none): the same with that seller's overrides applied (GET /settings/overrides).",
    responses: {
      200: ok(SettingsGroupResponse, "The group"),
      400: failure("Unknown group (error: Unknown group: <group>)"),
      ...common(),
    },
  },
);

export const updateSettingsGroup = endpoint(
  "updateSettingsGroup",
  { path: SettingsGroupPath, body: SettingsUpdateBody },
  {
    // SPEC 4.B answers a body that is not a JSON object as a failed PUT (500).
    // A value over a bound is a refused input (400), named.
    refusal: (issue) => (issue.path[0] === "body" && !boundRefusal(issue) ? new Settings.InvalidSettingsBodyError() : new InvalidInputError(issue.message)),
    tag: "Settings",
    summary: "Update a settings group",
    description:
      "Stores every given key of the group as text, all together: on any failure nothing is changed. Naming a seller (X-Seller-Id or seller_id), the keys about one account's selling (GET /settings/overrides lists them) are stored as that seller's overrides instead, in the same transaction, their shared values unchanged, and a null value removes the seller's override; every other key is stored shared.",
    body: { description: "Key to value", required: true },
    responses: {
      200: ok(SettingsUpdateResponse, "Every key was stored"),
      400: failure("Unknown group"),
      409: CONCURRENT_CHANGES,
      ...common(
        failure(
          "The body is not a JSON object, the group would pass 3,500,000 bytes, storage did not answer, or an unexpected failure; the error says whether the change may have been stored",
        ),
      ),
    },
  },
);

export const getSettingsHistory = endpoint(
  "getSettingsHistory",
  { path: SettingsGroupPath, query: SettingsHistoryQuery },
  {
    tag: "Settings",
    summary: "A settings group's change history",
    description:
      "Every change of the group (PUT and restore), newest first, a page at a time: per changed key the old and new stored text, who made it, when, and the request id. Secrets (keys named *_key, *_token, *_secret, password, senha) are recorded only as changed, never with their values.",
    responses: {
      200: ok(SettingsHistoryResponse, "The changes"),
      400: failure(`Unknown group, or limit is not a whole number from 1 to ${MAX_HISTORY_LIMIT}`),
      ...common(),
    },
  },
);

export const restoreSettingsGroup = endpoint(
  "restoreSettingsGroup",
  { path: SettingsGroupPath, body: SettingsRestoreBody },
  {
    refusal: restoreRefusal,
    tag: "Settings",
    summary: "Restore a settings group",
    description:
      "Puts the whole group back as it was at a moment (at) or just after a change (change_id): every change recorded after it is undone, in one transaction with a new change (action restore) that records the restore. Keys stored after the target are removed (they read as their defaults again). Secrets keep their current values (their old values are never recorded) and are listed in secrets_kept.",
    body: { description: "The moment or the change to go back to", required: true },
    responses: {
      200: ok(SettingsRestoreResponse, "The group as restored"),
      400: failure("Unknown group, or a body that is not {at} or {change_id} (a timestamp that is not valid); nothing was changed"),
      404: failure("No change with this change_id in the group's history; nothing was changed"),
      409: CONCURRENT_CHANGES,
      ...common(),
    },
  },
);
