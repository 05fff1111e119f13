/**
 * Settings are the deployment's, shared by every connected seller, except the keys below: they are
 * about one account's selling, so a seller may override them (PUT /settings/{group} naming it).
 */
import type { SettingEntry } from "../records.js";
import type { SettingGroup } from "./defaults.js";

export const PER_SELLER_KEYS: Readonly<Record<SettingGroup, readonly string[]>> = {
  // Company, tax, time zone and alert channels: one company.
  geral: [],
  // Taxes, fees, goals and fixed costs: one company's books.
  financeiro: [],
  // Stock levels, coverage, safety stock, lead time and what to suggest drive one account's Full
  // restock plan and alerts; multi_deposito describes the one shared warehouse.
  estoque: [
    "nivel_critico",
    "nivel_baixo",
    "usar_dias_estoque",
    "dias_critico",
    "dias_baixo",
    "metodo_seguranca",
    "multiplicador_seguranca",
    "lead_time_padrao",
    "calcular_ponto_pedido",
    "alertar_ponto_pedido",
    "sugerir_qtd_compra",
  ],
  // One forecasting engine, calibrated and logged for the deployment.
  core_ai: [],
  // Listing defaults, titles, margins and pictures are how one account lists its ads.
  catalogo: [
    "tipo_anuncio_padrao",
    "garantia_padrao",
    "condicao_padrao",
    "prazo_envio_padrao",
    "titulo_max_chars",
    "titulo_sem_abreviacoes",
    "titulo_sem_emojis",
    "alertar_titulo_longo",
    "alertar_margem_baixa",
    "margem_minima_alerta",
    "margem_minima_bloqueio",
    "arredondar_precos",
    "sugerir_preco",
    "imagem_dimensao",
    "imagem_formato",
    "alertar_imagem_pequena",
    "comprimir_imagem",
  ],
  // What is synced from the marketplace, and how often, is one account's; the ERP, weather and
  // trends integrations are the company's.
  integracoes: ["mp_sync_estoque", "mp_sync_precos", "mp_importar_pedidos", "mp_intervalo_sync"],
};

const PER_SELLER = new Map<string, ReadonlySet<string>>(Object.entries(PER_SELLER_KEYS).map(([group, keys]) => [group, new Set(keys)]));

/** Whether a seller may override this key of this group. */
export const isPerSellerKey = (group: string, key: string): boolean => PER_SELLER.get(group)?.has(key) ?? false;

/** The first key of `keys` a seller may not override, if any. */
export const sharedOnlyKey = (group: string, keys: Iterable<string>): string | undefined => {
  for (const key of keys) if (!isPerSellerKey(group, key)) return key;
  return undefined;
};

/**
 * A seller's effective entries: the shared ones with the seller's overrides in place of the same
 * keys (an override of a key with no shared entry is added), in the shared order, then the rest.
 */
export function withOverrides(shared: readonly SettingEntry[], overrides: readonly SettingEntry[]): SettingEntry[] {
  if (overrides.length === 0) return [...shared];
  const byKey = new Map(overrides.map((entry) => [`${entry.group ?? ""}\u0000${entry.key}`, entry]));
  const merged = shared.map((entry) => {
    const id = `${entry.group ?? ""}\u0000${entry.key}`;
    const override = byKey.get(id);
    if (!override) return entry;
    byKey.delete(id);
    return override;
  });
  return [...merged, ...byKey.values()];
}
