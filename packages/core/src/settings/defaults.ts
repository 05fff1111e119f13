/** Built-in settings (SPEC 4.B): what each key returns when nothing is stored, and its type. */

export const SETTING_GROUPS = ["geral", "financeiro", "estoque", "core_ai", "catalogo", "integracoes"] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export type SettingValue = string | number | boolean | unknown[] | Record<string, unknown>;

export type Multiplier = {
  enabled: boolean;
  weight: number;
  min: number;
  max: number;
  desc: string;
};

/** The value type a default implies; numbers are split so that "1.9" reads as 1 for integer keys. */
export type SettingType = "boolean" | "integer" | "number" | "list" | "object" | "string";

const multiplier = (enabled: boolean, weight: number, min: number, max: number, desc: string): Multiplier => ({
  enabled,
  weight,
  min,
  max,
  desc,
});

/**
 * Keys whose default is a whole number but whose type is "number" (SPEC gives 5.0, 3.0, 12.5...).
 * JavaScript cannot tell 5.0 from 5, so the type table below says it explicitly.
 */
const NUMBER_KEYS = new Set(["aliquota_simples", "taxa_fixa_mp", "taxa_fixa_mp_c", "multiplicador_seguranca"]);

export const SETTING_DEFAULTS: Record<SettingGroup, Record<string, SettingValue>> = {
  geral: {
    empresa_nome: "Minha Empresa",
    empresa_cnpj: "",
    empresa_uf: "SP",
    regime_tributario: "simples",
    aliquota_simples: 12.5,
    moeda: "BRL",
    fuso_horario: "America/Sao_Paulo",
    formato_data: "DD/MM/YYYY",
    primeiro_dia_semana: "monday",
    email_alertas: "",
    whatsapp_alertas: "",
    alerta_estoque_critico: true,
    alerta_resumo_diario: true,
    alerta_previsao_erro: false,
  },
  financeiro: {
    margem_minima: 20,
    meta_faturamento_mensal: 150000,
    meta_lucro_mensal: 30000,
    custos_fixos: [],
    comissao_mp: 16,
    comissao_mp_b: 15,
    comissao_mp_c: 20,
    taxa_fixa_mp: 5.0,
    taxa_fixa_mp_b: 0,
    taxa_fixa_mp_c: 3.0,
    calcular_difal: true,
    uf_origem: "SP",
    aliquota_interna: 18,
  },
  estoque: {
    nivel_critico: 3,
    nivel_baixo: 10,
    usar_dias_estoque: true,
    dias_critico: 3,
    dias_baixo: 7,
    metodo_seguranca: "auto",
    multiplicador_seguranca: 1.5,
    lead_time_padrao: 15,
    calcular_ponto_pedido: true,
    alertar_ponto_pedido: true,
    sugerir_qtd_compra: true,
    multi_deposito: false,
  },
  core_ai: {
    reconciliacao_habilitada: true,
    reconciliacao_horario: "03:00",
    calibracao_habilitada: true,
    calibracao_frequencia: "weekly",
    calibracao_dia: "sunday",
    ajuste_maximo: 2,
    min_amostras_calibrar: 30,
    erro_max_toleravel: 25,
    alertar_erro_alto: true,
    limite_erro_alerta: 15,
    reverter_se_piorar: true,
    limite_reversao: 10,
    feriados_custom: [],
    mult_day_of_week: multiplier(true, 1.0, 0.5, 1.5, "Dia da semana"),
    mult_hourly_pattern: multiplier(true, 1.0, 0.2, 2.0, "Padrão horário de vendas"),
    mult_period_of_month: multiplier(true, 1.0, 0.7, 1.3, "Período do mês"),
    mult_payment_day: multiplier(true, 1.0, 0.8, 1.4, "Dias de pagamento"),
    mult_week_of_month: multiplier(true, 1.0, 0.7, 1.3, "Semana do mês"),
    mult_event: multiplier(true, 1.0, 0.1, 3.0, "Eventos e datas comerciais"),
    mult_post_feriado: multiplier(true, 1.0, 0.5, 1.0, "Dia seguinte a feriado"),
    mult_seasonal: multiplier(true, 1.0, 0.5, 2.0, "Sazonalidade anual"),
    mult_momentum: multiplier(true, 1.0, 0.5, 2.0, "Tendência recente de vendas"),
    mult_visits_trend: multiplier(true, 0.8, 0.5, 2.0, "Tendência de visitas"),
    mult_velocity_score: multiplier(true, 0.7, 0.5, 2.0, "Velocidade de vendas"),
    mult_conversion_rate: multiplier(true, 0.6, 0.7, 1.5, "Taxa de conversão"),
    mult_top_sellers: multiplier(true, 0.5, 1.0, 1.3, "Mais vendidos da categoria"),
    mult_promo_active: multiplier(true, 1.0, 1.0, 1.4, "Promoção ativa"),
    mult_catalog_boost: multiplier(true, 0.7, 1.0, 1.25, "Anúncio de catálogo"),
    mult_listing_health: multiplier(true, 0.5, 0.7, 1.2, "Saúde do anúncio"),
    mult_stock_pressure: multiplier(true, 0.6, 0.8, 1.3, "Pressão de estoque"),
    mult_shipping_advantage: multiplier(true, 0.5, 1.0, 1.2, "Vantagem de frete"),
    mult_price_competitiveness: multiplier(false, 0.5, 0.7, 1.4, "Competitividade de preço"),
    mult_impulse_hours: multiplier(true, 0.6, 0.9, 1.3, "Horários de compra por impulso"),
    mult_mobile_hours: multiplier(true, 0.5, 0.9, 1.2, "Horários de acesso móvel"),
    mult_search_position: multiplier(true, 1.0, 0.3, 1.5, "Posição na busca"),
    mult_gold_medal: multiplier(true, 0.8, 1.0, 1.3, "Reputação MercadoLíder"),
    mult_listing_type: multiplier(true, 0.7, 0.9, 1.3, "Tipo de anúncio"),
    mult_free_shipping: multiplier(true, 0.8, 1.0, 1.25, "Frete grátis"),
    mult_weather: multiplier(true, 0.6, 0.5, 1.5, "Clima"),
    mult_trends: multiplier(false, 0.3, 0.7, 1.5, "Tendências de busca"),
    mult_competitor_stockout: multiplier(false, 0.5, 1.0, 2.0, "Ruptura de concorrentes"),
  },
  catalogo: {
    tipo_anuncio_padrao: "classico",
    garantia_padrao: "30_dias",
    condicao_padrao: "novo",
    prazo_envio_padrao: 2,
    titulo_max_chars: 60,
    titulo_sem_abreviacoes: true,
    titulo_sem_emojis: true,
    alertar_titulo_longo: true,
    alertar_margem_baixa: true,
    margem_minima_alerta: 20,
    margem_minima_bloqueio: 10,
    arredondar_precos: false,
    sugerir_preco: true,
    imagem_dimensao: "1200x1200",
    imagem_formato: "webp",
    alertar_imagem_pequena: true,
    comprimir_imagem: true,
  },
  integracoes: {
    mp_sync_estoque: true,
    mp_sync_precos: true,
    mp_importar_pedidos: true,
    mp_intervalo_sync: 15,
    erp_importar_custos: true,
    erp_sync_bidirecional: true,
    erp_criar_produtos_auto: false,
    weather_api_key: "",
    weather_cidade: "Sao Paulo,BR",
    weather_enabled: false,
    trends_enabled: false,
    trends_keywords: ["piscina", "aquecedor", "ventilador"],
  },
};

export function isSettingGroup(group: string): group is SettingGroup {
  return (SETTING_GROUPS as readonly string[]).includes(group);
}

/** The type a key's default implies, or undefined for a key without a default. */
export function settingType(group: SettingGroup, key: string): SettingType | undefined {
  if (!Object.hasOwn(SETTING_DEFAULTS[group], key)) return undefined;
  const value = SETTING_DEFAULTS[group][key];
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return NUMBER_KEYS.has(key) || !Number.isInteger(value) ? "number" : "integer";
  if (Array.isArray(value)) return "list";
  if (typeof value === "object" && value !== null) return "object";
  return "string";
}

// The defaults are plain JSON values: parsing their text, made once, copies them several times
// faster than structuredClone (which was a third of GET /settings' own time).
const DEFAULTS_TEXT = JSON.stringify(SETTING_DEFAULTS);
const GROUP_DEFAULTS_TEXT = Object.fromEntries(SETTING_GROUPS.map((group) => [group, JSON.stringify(SETTING_DEFAULTS[group])])) as Record<SettingGroup, string>;

/** A deep copy of every default, safe for callers to change. */
export function defaultSettings(): Record<SettingGroup, Record<string, SettingValue>> {
  return JSON.parse(DEFAULTS_TEXT) as Record<SettingGroup, Record<string, SettingValue>>;
}

/** Every default as JSON text (what JSON.stringify gives for them), made once. */
export const defaultSettingsText = (): string => DEFAULTS_TEXT;

/** One group's defaults as JSON text (what JSON.stringify gives for them), made once. */
export const defaultGroupText = (group: SettingGroup): string => GROUP_DEFAULTS_TEXT[group];

/** A deep copy of one group's defaults, safe for callers to change. */
export function defaultGroup(group: SettingGroup): Record<string, SettingValue> {
  return JSON.parse(GROUP_DEFAULTS_TEXT[group]) as Record<string, SettingValue>;
}
