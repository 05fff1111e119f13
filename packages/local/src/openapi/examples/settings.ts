/** Examples of the settings endpoints, a group's change history, and the forecasting-engine history. */
import { History, Settings, Time } from "@fulfillment/core";
import { errorBody } from "@fulfillment/functions/http/envelope";
import type { DemoDataset } from "../../demo/generate.js";
import { commonErrors, EXAMPLE_DAY, one, SHOWN_DEMO, SHOWN_LOGS, type Examples } from "./common.js";

export function settingsExamples(data: DemoDataset): Examples {
  const zone = Time.DEFAULT_TIME_ZONE;
  const instant = (timestamp: string) => Time.timestampToInstant(zone, timestamp)?.getTime() ?? 0;
  const history = data.system_logs
    .filter((entry) => entry.module === History.FORECASTING_MODULE)
    .sort((a, b) => instant(b.timestamp) - instant(a.timestamp) || b.id - a.id)
    .slice(0, SHOWN_LOGS)
    .map(History.historyEntry);
  const unknownGroup = one("Unknown group", errorBody("success", new Settings.UnknownGroupError("vendas").message));

  return {
    getAllSettings: {
      responses: { 200: one(SHOWN_DEMO, { success: true, data: Settings.readAllGroups(data.settings) }), ...commonErrors("success") },
    },
    getSettingsDefaults: {
      responses: { 200: one("The built-in defaults", { success: true, data: Settings.defaultSettings() }), ...commonErrors("success") },
    },
    getSettingsGroup: {
      responses: {
        200: one(`${SHOWN_DEMO}, group estoque`, { success: true, data: Settings.readGroup("estoque", data.settings) }),
        400: unknownGroup,
        ...commonErrors("success"),
      },
    },
    updateSettingsGroup: {
      request: one("Two keys of the group estoque", { lead_time_padrao: 20, multi_deposito: true }),
      responses: {
        200: one("Group estoque updated", { success: true, message: "Settings for 'estoque' updated" }),
        400: unknownGroup,
        ...commonErrors("success"),
        500: one("Body not a JSON object", errorBody("success", new Settings.InvalidSettingsBodyError().message)),
      },
    },
    ...historyExamples(unknownGroup),
    ...overrideExamples(),
    getForecastingHistory: {
      responses: {
        200: one(`${SHOWN_DEMO}, newest ${SHOWN_LOGS} entries`, { success: true, data: history }),
        ...commonErrors("success"),
      },
    },
  };
}

/** A change of the group estoque, as PUT /settings/estoque records it, and a restore. */
function historyExamples(unknownGroup: ReturnType<typeof one>): Examples {
  const update: Settings.SettingsChange = {
    change_id: `${EXAMPLE_DAY}T12:04:51.120Z-3f9a0c1d`,
    group: "estoque",
    at: `${EXAMPLE_DAY}T12:04:51.120Z`,
    actor: "local",
    request_id: "Hk2xKjYpGjQEMpw=",
    action: "update",
    changes: [
      { key: "lead_time_padrao", change: "created", secret: false, old_value: null, new_value: "20" },
      { key: "multiplicador_seguranca", change: "changed", secret: false, old_value: "1.5", new_value: "1.8" },
    ],
  };
  const restore: Settings.SettingsChange = {
    change_id: `${EXAMPLE_DAY}T12:30:02.004Z-8b41e7aa`,
    group: "estoque",
    at: `${EXAMPLE_DAY}T12:30:02.004Z`,
    actor: "local",
    request_id: "Hk3BQjYpGjQEMqA=",
    action: "restore",
    restored_to: { at: `${EXAMPLE_DAY}T12:00:00.000Z` },
    changes: [
      { key: "lead_time_padrao", change: "removed", secret: false, old_value: "20", new_value: null },
      { key: "multiplicador_seguranca", change: "changed", secret: false, old_value: "1.8", new_value: "1.5" },
    ],
  };
  return {
    getSettingsHistory: {
      responses: {
        200: one("Two changes of the group estoque", { success: true, group: "estoque", changes: [restore, update], next_cursor: null }),
        400: unknownGroup,
        ...commonErrors("success"),
      },
    },
    restoreSettingsGroup: {
      request: one("Back to a moment", { at: `${EXAMPLE_DAY}T12:00:00Z` }),
      responses: {
        200: one("The group estoque as it was", {
          success: true,
          data: Settings.readGroup("estoque", []),
          change: restore,
          secrets_kept: [],
        }),
        400: unknownGroup,
        ...commonErrors("success"),
      },
    },
  };
}

/** A seller that plans its Full stock with a shorter lead time and lists with a longer warranty. */
function overrideExamples(): Examples {
  const overrides = Object.fromEntries(Settings.SETTING_GROUPS.map((group) => [group, {}])) as Record<Settings.SettingGroup, Record<string, Settings.SettingValue>>;
  overrides.estoque = { lead_time_padrao: 7 };
  overrides.catalogo = { garantia_padrao: "90_dias" };
  const perSellerKeys = Object.fromEntries(Settings.SETTING_GROUPS.map((group) => [group, [...Settings.PER_SELLER_KEYS[group]]]));
  return {
    listSettingsOverrides: {
      responses: { 200: one("Two overrides of the selected seller", { success: true, overrides, per_seller_keys: perSellerKeys }), ...commonErrors("success") },
    },
    deleteSettingsOverride: {
      responses: {
        200: one("The seller reads the shared lead time again", { success: true, message: "Override of 'estoque.lead_time_padrao' removed", removed: true }),
        ...commonErrors("success"),
      },
    },
  };
}
