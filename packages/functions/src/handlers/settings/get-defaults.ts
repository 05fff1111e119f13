import { gzipSync } from "node:zlib";
import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { getSettingsDefaults } from "../../contract/settings.js";
import { StoredJson } from "../../json-text.js";

type DefaultsBody = { success: true; data: Record<Settings.SettingGroup, Record<string, Settings.SettingValue>> };

// The answer never changes while the code does not: its text and its gzip member are made once.
const text = `{"success":true,"data":${Settings.defaultSettingsText()}}`;
let gzipBase64: string | undefined;
const answer = new StoredJson<DefaultsBody>(() => (gzipBase64 ??= gzipSync(text).toString("base64")), () => text);

/** GET /settings/defaults: the built-in defaults of every group. */
export const handler = httpHandler(getSettingsDefaults, async () => ok(answer));
