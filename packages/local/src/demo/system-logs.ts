/** The system logs collection: three weeks of the forecasting engine's nights, the sync's runs and API events. */
import { Rounding, Time, type SystemLogEntry } from "@fulfillment/core";
import type { Draws } from "../random.js";

/** Days of system log history (today-20 through today). */
export const DEMO_LOG_DAYS = 21;

const ZONE = Time.DEFAULT_TIME_ZONE;

function clock(hour: number, minute: number, second: number): string {
  return [hour, minute, second].map((n) => String(n).padStart(2, "0")).join(":");
}

interface LogDraft {
  /** Instant used for ordering. */
  at: number;
  timestamp: string;
  message: string;
  level: string;
  details: string | null;
  module: string;
}

/** The entries in time order, numbered from 1001; with `now`, none later than it. */
export function demoSystemLogs(draws: Draws, today: string, fullAds: number, allAds: number, inventories: number, now?: Date): SystemLogEntry[] {
  const drafts: LogDraft[] = [];
  const add = (day: string, time: string, module: string, level: string, message: string, details: object | null, utc = false): void => {
    const instant = Time.wallClockToInstant(ZONE, `${day}T${time}`);
    drafts.push({
      at: instant.getTime(),
      timestamp: utc ? instant.toISOString().replace(/\.\d{3}Z$/, "Z") : `${day}T${time}`,
      message,
      level,
      details: details === null ? null : JSON.stringify(details),
      module,
    });
  };

  const first = Time.addDays(today, -(DEMO_LOG_DAYS - 1));
  const errorDay = Time.addDays(today, -draws.int(4, 9));
  let sundays = 0;
  for (let i = 0; i < DEMO_LOG_DAYS; i++) {
    const day = Time.addDays(first, i);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const start = clock(3, 30, draws.int(0, 9));
    if (i % 6 === 2) add(day, start, "core_ai", "INFO", "Reconciliação noturna iniciada", null);

    const processed = allAds - draws.int(0, 3);
    const mape = draws.float(8, 16.5);
    if (day === errorDay) {
      add(day, clock(3, 41, draws.int(0, 59)), "core_ai", "ERROR", "Falha na reconciliação noturna: tempo limite ao consultar as vendas do dia", {
        step: "fetch_orders",
        error: "ETIMEDOUT",
        ads_processed: draws.int(8, 20),
        retry_at: "04:30",
      });
      add(day, clock(4, 36, draws.int(0, 59)), "core_ai", "INFO", `Reconciliação noturna concluída após nova tentativa: ${processed} anúncios`, {
        ads_processed: processed,
        forecasts_compared: processed * 7,
        mape,
        bias: draws.float(-4, 4),
        duration_s: draws.int(70, 140),
        attempt: 2,
      });
    } else {
      add(day, clock(3, draws.int(32, 39), draws.int(0, 59)), "core_ai", "INFO", `Reconciliação noturna concluída: ${processed} anúncios`, {
        ads_processed: processed,
        forecasts_compared: processed * 7,
        mape,
        bias: draws.float(-4, 4),
        duration_s: draws.int(40, 95),
      });
    }

    if (weekday === 0) {
      const samples = draws.int(180, 420);
      const before = draws.float(11, 18);
      const calibrationTime = clock(4, draws.int(0, 12), draws.int(0, 59));
      if (sundays === 0) {
        add(day, calibrationTime, "core_ai", "INFO", "Calibração semanal concluída", {
          samples,
          multipliers_adjusted: ["mult_day_of_week", "mult_seasonal", "mult_weather"],
          mape_before: before,
          mape_after: Rounding.roundHalfUp(before - draws.float(0.5, 2.5), 2),
        });
      } else if (sundays === 1) {
        const after = draws.float(15.2, 19);
        add(day, calibrationTime, "core_ai", "WARNING", `Calibração semanal: erro acima do limite de alerta (MAPE ${after.toFixed(1).replace(".", ",")}% > 15%)`, {
          samples,
          multipliers_adjusted: ["mult_momentum", "mult_event"],
          mape_before: before,
          mape_after: after,
          limit: 15,
        }, true);
      } else {
        add(day, calibrationTime, "core_ai", "WARNING", "Calibração semanal revertida: o erro piorou acima do limite de reversão", {
          samples,
          mape_before: before,
          mape_after: Rounding.roundHalfUp(before * 1.12, 2),
          worsened_pct: 12,
          limit_pct: 10,
          reverted: true,
        });
      }
      sundays += 1;
    }
    if (i === 11) add(day, clock(4, 5, 12), "core_ai", "WARNING", "Amostras insuficientes para calibrar alguns anúncios; ajustes mantidos", null);

    // Other modules: the nightly stock sync (stored in UTC, before the reconciliation) and API events
    add(day, clock(0, 32, draws.int(0, 59)), "sync", "INFO", "Sincronização Full concluída", {
      ads_full: fullAds,
      inventories: i === DEMO_LOG_DAYS - 1 ? inventories : inventories - draws.int(0, 2),
      dimensions_updated: draws.int(0, 3),
      failed: 0,
    }, true);
    if (i % 5 === 1) add(day, clock(draws.int(9, 18), draws.int(0, 59), draws.int(0, 59)), "api", "INFO", "Token do Mercado Livre renovado", null);
    if (i === 15) add(day, clock(14, 22, 5), "api", "ERROR", "Erro 500 em GET /full/overview", { path: "/full/overview", status: 500 });
  }
  // A final entry of today's run written in UTC by the reconciliation worker.
  add(today, clock(3, 45, 2), "core_ai", "INFO", "Previsões do dia publicadas", { ads: fullAds, horizon_days: 30 }, true);

  drafts.sort((a, b) => a.at - b.at);
  // Left out after the sort, so the generator's draws (and the earlier entries) stay the same.
  const past = now === undefined ? drafts : drafts.filter((draft) => draft.at <= now.getTime());
  return past.map((draft, index) => ({
    id: 1001 + index,
    timestamp: draft.timestamp,
    message: draft.message,
    level: draft.level,
    details: draft.details,
    module: draft.module,
  }));
}
