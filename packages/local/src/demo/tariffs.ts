/** The tariffs collection. Data table: the storage fee by volume band, one inactive. */
import type { Tariff } from "@fulfillment/core";

const TARIFFS: readonly Tariff[] = [
  { id: 1, name: "Pequeno (até 1 L)", min_volume_l: 0, max_volume_l: 1, daily_fee: 0.007, inbound_fee: 0.35, aged_days_threshold: 90, aged_daily_factor: 3.0, active: true },
  { id: 2, name: "Médio (1 a 5 L)", min_volume_l: 1, max_volume_l: 5, daily_fee: 0.02, inbound_fee: 0.85, aged_days_threshold: 90, aged_daily_factor: 3.0, active: true },
  { id: 3, name: "Grande (5 a 20 L)", min_volume_l: 5, max_volume_l: 20, daily_fee: 0.06, inbound_fee: 2.1, aged_days_threshold: 90, aged_daily_factor: 3.0, active: true },
  { id: 4, name: "Extra grande (20 a 100 L)", min_volume_l: 20, max_volume_l: 100, daily_fee: 0.15, inbound_fee: 4.5, aged_days_threshold: 90, aged_daily_factor: 3.0, active: true },
  { id: 5, name: "Volumoso (acima de 100 L)", min_volume_l: 100, max_volume_l: null, daily_fee: 0.3, inbound_fee: 9.9, aged_days_threshold: 90, aged_daily_factor: 3.0, active: false },
];

/** Fresh copies, so a caller may change them. */
export const demoTariffs = (): Tariff[] => TARIFFS.map((tariff) => ({ ...tariff }));
