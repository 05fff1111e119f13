import { Tariffs, TariffVersions } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { listTariffVersions as readTariffVersions } from "#storage/tariffs";
import { listTariffVersions } from "../../contract/tariffs.js";

/** GET /full/tariffs/history: every version of every tariff, by tariff then version, with its actor, request id and time and whether it is in force today. */
export const handler = httpHandler(listTariffVersions, async () => {
  const [today, versions] = await Promise.all([businessToday(table()), readTariffVersions(table())]);
  const inForce = new Set(TariffVersions.tariffsInForce(versions, today).map(({ tariff, version }) => `${tariff.id}#${version}`));
  return ok({
    success: true,
    today,
    versions: versions.map((version) => ({
      ...TariffVersions.versionSummary(version),
      request_id: version.request_id ?? null,
      tariff: Tariffs.tariffOutput(version.tariff),
      in_force: inForce.has(`${version.tariff_id}#${version.version}`),
    })),
  });
});
