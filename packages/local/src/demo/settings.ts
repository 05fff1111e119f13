/** The settings collection. Data table: the seller's stored entries, one from before groups existed. */
import type { SettingEntry } from "@fulfillment/core";

const SETTINGS: readonly SettingEntry[] = [
  ["geral", "empresa_nome", "Casa & Lazer Comércio Ltda"],
  ["geral", "empresa_cnpj", "12.345.678/0001-95"],
  ["geral", "regime_tributario", "lucro_presumido"],
  ["geral", "alerta_previsao_erro", "true"],
  ["financeiro", "margem_minima", "18"],
  ["financeiro", "meta_faturamento_mensal", "220000"],
  ["estoque", "lead_time_padrao", "20"],
  ["estoque", "multi_deposito", "true"],
  ["core_ai", "ajuste_maximo", "3"],
  ["core_ai", "reconciliacao_horario", "03:30"],
  ["integracoes", "trends_keywords", '["piscina","aquecedor","ventilador","cloro"]'],
].map(([group, key, value]) => ({ key: key!, value: value!, group: group!, description: `Setting: ${group}.${key}` }));

/** A legacy entry stored before groups existed; reads count it as group geral. */
const LEGACY_SETTING: SettingEntry = { key: "tema_interface", value: "claro", group: null };

/** Fresh copies, the legacy entry last. */
export const demoSettings = (): SettingEntry[] => [...SETTINGS.map((entry) => ({ ...entry })), { ...LEGACY_SETTING }];
