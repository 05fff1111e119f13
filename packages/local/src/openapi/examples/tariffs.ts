/** Examples of the tariff endpoints: the demo's tariffs, their versions, a create, an update and a delete. */
import { Tariffs, TariffVersions, Time } from "@fulfillment/core";
import { errorBody } from "@fulfillment/functions/http/envelope";
import type { DemoDataset } from "../../demo/generate.js";
import { commonErrors, EXAMPLE_DAY, one, SHOWN_DEMO, type Examples } from "./common.js";

export function tariffExamples(data: DemoDataset): Examples {
  const tariffs = Tariffs.sortTariffs(data.tariffs).map(Tariffs.tariffOutput);
  const createRequest = { name: "Mini (até 0,5 L)", min_volume_l: 0, max_volume_l: 0.5, daily_fee: 0.005, inbound_fee: 0.3 };
  const created = { id: Math.max(...data.tariffs.map((t) => t.id)) + 1, ...Tariffs.tariffFromCreateBody(createRequest) };
  const updateRequest = { daily_fee: 0.25, active: true };
  const updated = Tariffs.applyTariffPatch(data.tariffs[data.tariffs.length - 1]!, Tariffs.tariffPatchFromBody(updateRequest));
  const recordedAt = `${EXAMPLE_DAY}T12:10:00.000Z`;
  const versionOf = (tariff: { id: number }, version: number, action: TariffVersions.VersionAction, effective_from: string): TariffVersions.VersionSummary => ({
    tariff_id: tariff.id,
    version,
    effective_from,
    action,
    actor: "local",
    recorded_at: recordedAt,
  });
  const nextMonth = `${Time.addDays(`${EXAMPLE_DAY.slice(0, 8)}01`, 31).slice(0, 8)}01`;
  const tariffVersions = [
    ...data.tariffs.map((tariff) => ({ ...TariffVersions.versionSummary(TariffVersions.baseVersion(tariff)), request_id: null, tariff: Tariffs.tariffOutput(tariff), in_force: true })),
  ];
  const notFound = one("Unknown id", errorBody("success", new Tariffs.TariffNotFoundError(99).message));

  return {
    listTariffs: {
      responses: { 200: one(SHOWN_DEMO, { tariffs }), 400: one("Not a day", errorBody("success", 'at must be a day YYYY-MM-DD, got "ontem"')), ...commonErrors("success") },
    },
    listTariffVersions: {
      responses: { 200: one(`${SHOWN_DEMO}: the loaded tariffs, each its version 0`, { success: true, today: EXAMPLE_DAY, versions: tariffVersions }), ...commonErrors("success") },
    },
    createTariff: {
      request: one("A band for small items", createRequest),
      responses: {
        201: one("The band as created, defaults applied, in force from today", {
          success: true,
          tariff: Tariffs.tariffOutput(created),
          version: versionOf(created, 1, "create", EXAMPLE_DAY),
        }),
        400: one("A value that is not a number", errorBody("success", new Tariffs.TariffValueError("daily_fee", "abc").message)),
        ...commonErrors("success"),
      },
    },
    updateTariff: {
      request: one("Change the fee and activate", updateRequest),
      responses: {
        200: one("The tariff as updated from the first day of next month", {
          success: true,
          tariff: Tariffs.tariffOutput(updated),
          version: versionOf(updated, 1, "update", nextMonth),
        }),
        400: one("A value that is not a number", errorBody("success", new Tariffs.TariffValueError("min_volume_l", "muito").message)),
        404: notFound,
        ...commonErrors("success"),
      },
    },
    deleteTariff: {
      responses: {
        200: one("Deleted from today", { success: true, version: versionOf(updated, 2, "delete", EXAMPLE_DAY) }),
        400: one("Storage failure", errorBody("success", "Storage failure: could not delete the tariff")),
        404: notFound,
        ...commonErrors("success"),
      },
    },
  };
}
