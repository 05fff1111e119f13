/** The restock plan and the aged-stock report the service gives over a demo dataset, with default query values. */
import { AgedStock, Restock, Settings } from "@fulfillment/core";
import type { DemoDataset } from "./generate.js";

type PlanInputs = Pick<DemoDataset, "ads" | "inventory" | "daily_stock" | "local_stock" | "settings" | "planning">;

export function demoRestockPlan(data: PlanInputs, today: string): Restock.RestockPlanBody {
  return Restock.computeRestockPlan({
    today,
    targetDays: Restock.DEFAULT_TARGET_DAYS,
    horizonDays: Restock.DEFAULT_HORIZON_DAYS,
    policy: Restock.stockPolicy(Settings.readGroup("estoque", data.settings)),
    candidates: data.ads,
    inventory: data.inventory,
    dailyRows: data.daily_stock,
    localStock: data.local_stock,
    planning: data.planning,
  });
}

export function demoAgedStock(data: Pick<DemoDataset, "ads" | "inventory" | "daily_stock" | "tariffs">, today: string): AgedStock.AgedStockBody {
  return AgedStock.computeAgedStock({ today, inventory: data.inventory, ads: data.ads, tariffs: data.tariffs, dailyRows: data.daily_stock });
}
