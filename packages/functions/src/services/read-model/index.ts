// The read model's views, one module each; its design is in README.md beside this file.
import { agedStockView } from "./aged-stock.js";
import { adHeadersView } from "./detail.js";
import { listView } from "./inventory-list.js";
import { overviewView } from "./overview.js";
import { replenishmentView } from "./replenishment.js";
import { restockView } from "./restock-plan.js";
import { warningsView } from "./warnings.js";
import type { View } from "./view.js";

/** Every view, in the order a refresh builds the stale ones. */
export const VIEWS = [overviewView, warningsView, listView, replenishmentView, adHeadersView, restockView, agedStockView] as const;

export type ViewName = (typeof VIEWS)[number]["name"];

/** The views of these names, in their order; every view without names. */
export const viewsNamed = (names?: readonly ViewName[]): readonly View<ViewName>[] =>
  names === undefined ? VIEWS : names.map((name) => VIEWS.find((view) => view.name === name)!);
