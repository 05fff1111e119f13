/** The ad detail's 60-day series as stacked layers for the chart (available at the bottom). */
import type { Schema } from "@fulfillment/client";

export type DailyPoint = Schema<"DailyPoint">;

export interface StackLayer {
  label: string;
  /** The layer's own figure per day (shown in the legend). */
  values: number[];
  /** The layer's top edge: this layer plus every layer below it. */
  top: number[];
}

export interface StackedSeries {
  layers: StackLayer[];
}

const LAYERS = [
  { key: "available", label: "Disponível" },
  { key: "in_transit", label: "Em trânsito" },
  { key: "not_available", label: "Não disponível" },
] as const;

export function stackSeries(points: readonly DailyPoint[]): StackedSeries {
  const below = points.map(() => 0);
  const layers = LAYERS.map(({ key, label }) => {
    const values = points.map((point) => point[key] ?? 0);
    const top = values.map((value, i) => (below[i] = below[i]! + value));
    return { label, values, top };
  });
  return { layers };
}
