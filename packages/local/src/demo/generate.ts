/**
 * Demo dataset of a Brazilian seller that stores most of its catalogue in Mercado Livre Full.
 * The output follows the dataset file format (CONTRACTS section 3) and is fully determined by
 * `seed` and `today`: every random choice comes from a seeded generator.
 */
import type {
  Ad,
  Credential,
  DailyStockRow,
  InventoryRecord,
  LocalStockRow,
  SettingEntry,
  SkuMetric,
  SystemLogEntry,
  Tariff,
} from "@fulfillment/core";
import { Restock, Rounding, StorageCost, Sync, Time } from "@fulfillment/core";
import { demoRestockPlan } from "./reports.js";
import { seededRandom } from "../random.js";

export interface DemoDataset {
  ads: Ad[];
  inventory: InventoryRecord[];
  daily_stock: DailyStockRow[];
  local_stock: LocalStockRow[];
  metrics: SkuMetric[];
  planning: Restock.SkuPlanning[];
  tariffs: Tariff[];
  settings: SettingEntry[];
  system_logs: SystemLogEntry[];
  credentials: Credential[];
}

export interface DemoOptions {
  /** Business-calendar day the data is anchored to (YYYY-MM-DD). Default: the current day in America/Sao_Paulo. */
  today?: string;
  /** Seed of the pseudo-random generator. */
  seed?: number;
  /**
   * The moment the data is loaded: history entries later than it are left out, so the engine's
   * history ends before "now". Default: the current time when `today` is not given, else none.
   */
  now?: Date;
}

export const DEFAULT_DEMO_SEED = 20250;
/** Days of daily stock history before `today` (the rows cover today-60 through today). */
export const DEMO_HISTORY_DAYS = 60;
/** Days of system log history (today-20 through today). */
export const DEMO_LOG_DAYS = 21;

const ZONE = Time.DEFAULT_TIME_ZONE;

// ---------------------------------------------------------------------------
// Seeded pseudo-random draws (random.ts gives the sequence)

interface Rng {
  next(): number;
  int(min: number, max: number): number;
  float(min: number, max: number, decimals?: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  poisson(mean: number): number;
}

function createRng(seed: number): Rng {
  const next = seededRandom(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max, decimals = 2) => Rounding.roundHalfUp(min + next() * (max - min), decimals),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    poisson: (mean) => {
      if (mean <= 0) return 0;
      const limit = Math.exp(-mean);
      let k = 0;
      let p = 1;
      do {
        k += 1;
        p *= next();
      } while (p > limit);
      return k - 1;
    },
  };
  return rng;
}

// ---------------------------------------------------------------------------
// Catalogue

/** Stock situation of a Full ad today. */
type Profile = "healthy" | "low" | "aged" | "stranded" | "out";
/** How the SKU appears in the local warehouses. */
type LocalPlan = "normal" | "none" | "zero" | "no_warehouse";

interface Product {
  title: string;
  sku: string;
  cost: number | null;
  full: boolean;
  sales: number | null;
  /** Package length x width x height in millimetres; null when the marketplace has none. */
  dims: [number, number, number] | null;
  profile?: Profile;
  variations?: string[];
  local?: LocalPlan;
  /**
   * Fixed age of the oldest lot instead of the profile's: null for stock with no reception on
   * record at all, or an age beyond the marketplace's 12-month memory.
   */
  oldest?: number | null;
}

const P = (
  title: string,
  sku: string,
  cost: number | null,
  full: boolean,
  sales: number | null,
  dims: [number, number, number] | null,
  extra: Partial<Pick<Product, "profile" | "variations" | "local" | "oldest">> = {},
): Product => ({ title, sku, cost, full, sales, dims, ...extra });

const CATALOGUE: readonly Product[] = [
  // Piscina
  P("Cloro Granulado para Piscina 10kg Estabilizado", "PISC-CLORO-10KG", 89.9, true, 62, [300, 250, 280], { profile: "healthy" }),
  P("Cloro Granulado Piscina 10 kg Balde Premium", "PISC-CLORO-10KG", 89.9, true, 18, [300, 250, 280], { profile: "healthy" }),
  P("Pastilha de Cloro 200g Tricloro Balde 5kg", "PISC-PAST-5KG", 74.5, true, 45, [220, 220, 240], { profile: "low" }),
  P("Clarificante para Piscina 1L Ação Rápida", "PISC-CLAR-1L", 12.8, true, 120, [90, 90, 260], { profile: "healthy" }),
  P("Algicida de Manutenção 1L para Piscinas", "PISC-ALGI-1L", 13.4, true, 85, [90, 90, 260], { profile: "low" }),
  P("Peneira Cata Folhas com Cabo Telescópico 3m", "PISC-PENE-3M", 38, true, 30, [480, 420, 60], { profile: "healthy" }),
  P("Aspirador de Piscina Escova 8 Rodas com Mangueira", "PISC-ASP-8R", 42, true, 5, [450, 180, 90], { profile: "aged" }),
  P("Capa Térmica para Piscina 5x3m 300 Micras", "PISC-CAPA-5X3", 210, true, 0, [600, 400, 200], { profile: "stranded" }),
  P("Aquecedor Solar para Piscina Kit 10 Placas", "PISC-SOLAR-10P", 890, false, 3, [1300, 400, 400]),
  P("Bomba Filtro para Piscina 3.600 L/h 127V", "PISC-FILTRO-3600", 320, false, 5, null),
  P("Piscina Inflável 2.400 Litros Redonda", "PISC-INFL-2400", 139, false, 0, null),
  // Ventiladores
  P("Ventilador de Mesa 40cm 6 Pás Grade Fechada", "VENT-MESA-40", 98, true, 75, [450, 200, 460], {
    profile: "low",
    variations: ["127V", "220V"],
  }),
  P("Ventilador de Mesa 40cm 6 Pás Envio Imediato", "VENT-MESA-40", 98, false, 12, [450, 200, 460]),
  P("Ventilador de Coluna 40cm Turbo Silencioso", "VENT-COL-40", 135, true, 40, [480, 220, 500], {
    profile: "healthy",
    variations: ["Preto", "Branco"],
  }),
  P("Circulador de Ar Turbo 30cm Parede e Mesa", "VENT-CIRC-30", 76, true, 22, [350, 180, 370], { profile: "healthy" }),
  P("Ventilador de Teto 3 Pás com Luminária 127V", "VENT-TETO-3P", 189, true, 6, [650, 250, 200], { profile: "aged" }),
  // Aquecedores
  P("Aquecedor Elétrico Halógeno 1200W 3 Níveis", "AQUE-HALO-1200", 85, true, 4, [300, 200, 550], { profile: "aged" }),
  P("Aquecedor a Óleo 9 Aletas 2000W com Termostato", "AQUE-OLEO-9A", 249, true, 0, [400, 180, 650], { profile: "stranded", oldest: 410 }),
  P("Termoventilador Portátil 1500W Quente e Frio", "AQUE-TERMO-1500", 69.9, true, 9, [250, 180, 300], { profile: "aged" }),
  // Cozinha
  P("Jogo de Panelas Antiaderente 5 Peças Indução", "COZ-PANELA-5P", 145, true, 36, [420, 280, 260], {
    profile: "healthy",
    variations: ["Vermelho", "Preto", "Grafite"],
  }),
  P("Air Fryer Fritadeira sem Óleo 4L 1400W", "COZ-AIRF-4L", 229, true, 54, [360, 310, 360], {
    profile: "low",
    variations: ["127V", "220V"],
    local: "zero",
  }),
  P("Liquidificador 12 Velocidades 900W Copo 3L", "COZ-LIQ-900", 112, true, 28, [260, 220, 420], { profile: "healthy" }),
  P("Kit 6 Potes Herméticos de Vidro com Tampa", "COZ-POTE-6V", 54, true, 66, [320, 220, 160], { profile: "healthy" }),
  P("Tábua de Corte de Bambu Grande 40x30cm", "COZ-TABUA-40", 24.9, true, 48, [410, 310, 30], { profile: "healthy" }),
  P("Garrafa Térmica Inox 1L Parede Dupla", "COZ-GARRAFA-1L", 31, true, 90, [100, 100, 300], {
    profile: "healthy",
    variations: ["Preto", "Inox", "Azul"],
  }),
  P("Churrasqueira Elétrica 2000W Grelha Antiaderente", "COZ-CHURR-2000", null, false, 8, null),
  // Casa
  P("Escorredor de Louça Inox 2 Andares", "CASA-ESCORR-2A", 58, true, 20, [450, 300, 120], { profile: "healthy" }),
  P("Varal de Chão Retrátil com Abas 20 Varetas", "CASA-VARAL-20", 72, true, 14, [1200, 600, 70], { profile: "healthy" }),
  P("Organizador de Gaveta 6 Divisórias Kit 4", "CASA-ORG-6D", 18.5, true, null, [300, 200, 100], {
    profile: "stranded",
    local: "no_warehouse",
  }),
  P("Cesto de Roupa Dobrável 60L com Alças", "CASA-CESTO-60", 0, true, 25, [400, 300, 80], { profile: "healthy" }),
  P("Jogo de Toalhas 4 Peças Algodão 450g", "CASA-TOALHA-4P", null, true, 33, null, { profile: "healthy", oldest: null }),
  P("Escada de Alumínio 5 Degraus Doméstica", "CASA-ESCADA-5D", 145, false, 10, null),
  // Ferramentas
  P("Parafusadeira Furadeira 12V Bateria Lítio com Maleta", "FERR-PARAF-12V", 159, true, 27, [330, 280, 90], {
    profile: "low",
    variations: ["Bivolt 1 Bateria", "Bivolt 2 Baterias"],
  }),
  P("Jogo de Chaves Combinadas 12 Peças Cromo Vanádio", "FERR-CHAVE-12P", 64, true, 19, [280, 120, 40], { profile: "healthy" }),
  P("Trena Emborrachada 5m com Trava", "FERR-TRENA-5M", 9.8, true, 140, [80, 75, 45], { profile: "low", local: "none" }),
  P("Nível a Laser 3 Linhas Autonivelante", "FERR-LASER-3L", 189, true, 7, [220, 160, 120], { profile: "aged" }),
  P("Kit Brocas e Bits 100 Peças com Maleta", "FERR-BROCA-100", 49, true, 11, null, { profile: "healthy" }),
  P("Carrinho de Mão 60L Caçamba Metálica", "FERR-CARR-60L", 0, false, null, null),
  // Pet
  P("Comedouro Automático para Gatos e Cães 3,5L", "PET-COMED-35", 119, true, 16, [280, 200, 300], { profile: "healthy" }),
  P("Fonte Bebedouro para Gatos 2L Filtro de Carvão", "PET-FONTE-2L", 62, true, 38, [200, 200, 180], {
    profile: "healthy",
    variations: ["Branco", "Cinza"],
  }),
  P("Cama Pet Redonda Pelúcia 60cm Antiderrapante", "PET-CAMA-60", 45, true, 21, [600, 600, 150], { profile: "healthy" }),
  P("Tapete Higiênico para Cães 30 Unidades 60x60", "PET-TAPETE-30", 27, true, 150, [330, 220, 140], { profile: "low" }),
  P("Tapete Higiênico Cães 30 un Super Absorvente", "PET-TAPETE-30", 27, true, 44, [330, 220, 140], { profile: "low" }),
  P("Arranhador para Gatos Torre 3 Andares", "PET-ARRAN-3A", 88, true, 0, [450, 350, 150], { profile: "aged" }),
  P("Casinha para Cachorro Plástica Tamanho Grande", "PET-CASA-G", 160, false, 4, null),
  // Jardim, banheiro e lazer
  P("Mangueira Flexível Expansível 15m com Esguicho", "JARD-MANG-15M", 34, true, 44, [220, 180, 120], {
    profile: "out",
    local: "no_warehouse",
  }),
  P("Luminária Solar de Jardim Kit 6 Espetos LED", "JARD-SOLAR-6", 47, true, 29, null, { profile: "healthy" }),
  P("Cortador de Grama Elétrico 1000W 220V", "JARD-CORT-1000", 299, false, 2, null),
  P("Chuveiro Elétrico 7500W Turbo 220V", "BANH-CHUV-7500", 79, true, 52, [300, 170, 130], { profile: "healthy" }),
  P("Cadeira de Praia Reclinável Alumínio 5 Posições", "LAZER-CADEIRA-AL", 49, false, 0, null),
];

// ---------------------------------------------------------------------------
// Fixed tables

const TARIFFS: readonly Tariff[] = [
  { id: 1, name: "Pequeno (até 1 L)", min_volume_l: 0, max_volume_l: 1, daily_fee: 0.007, inbound_fee: 0.35, aged_days_threshold: 90, aged_daily_factor: 3.0, active: true },
  { id: 2, name: "Médio (1 a 5 L)", min_volume_l: 1, max_volume_l: 5, daily_fee: 0.02, inbound_fee: 0.85, aged_days_threshold: 90, aged_daily_factor: 3.0, active: true },
  { id: 3, name: "Grande (5 a 20 L)", min_volume_l: 5, max_volume_l: 20, daily_fee: 0.06, inbound_fee: 2.1, aged_days_threshold: 90, aged_daily_factor: 3.0, active: true },
  { id: 4, name: "Extra grande (20 a 100 L)", min_volume_l: 20, max_volume_l: 100, daily_fee: 0.15, inbound_fee: 4.5, aged_days_threshold: 90, aged_daily_factor: 3.0, active: true },
  { id: 5, name: "Volumoso (acima de 100 L)", min_volume_l: 100, max_volume_l: null, daily_fee: 0.3, inbound_fee: 9.9, aged_days_threshold: 90, aged_daily_factor: 3.0, active: false },
];

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

const WAREHOUSES = ["CD São Paulo", "CD Guarulhos", "Loja Centro"] as const;

// ---------------------------------------------------------------------------
// Identifiers and links

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function uniqueId(rng: Rng, taken: Set<string>, make: () => string): string {
  for (;;) {
    const id = make();
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";

function inventoryId(rng: Rng): string {
  let id = "";
  for (let i = 0; i < 4; i++) id += rng.pick([...LETTERS]);
  for (let i = 0; i < 5; i++) id += rng.pick([...DIGITS]);
  return id;
}

function digits(rng: Rng, count: number): string {
  let text = "";
  for (let i = 0; i < count; i++) text += rng.pick([...DIGITS]);
  return text;
}

function thumbnail(rng: Rng, today: string): string {
  const scheme = rng.chance(0.85) ? "http" : "https";
  const [year, month] = Time.addDays(today, -rng.int(60, 900)).split("-");
  return `${scheme}://http2.mlstatic.com/D_${digits(rng, 6)}-MLB${rng.int(1, 9)}${digits(rng, 10)}_${month}${year}-I.jpg`;
}

/** ISO instant (UTC, with Z) of a business-zone wall-clock time. */
function instantOf(day: string, time: string): string {
  return Time.wallClockToInstant(ZONE, `${day}T${time}`).toISOString();
}

function clock(hour: number, minute: number, second: number): string {
  return [hour, minute, second].map((n) => String(n).padStart(2, "0")).join(":");
}

// ---------------------------------------------------------------------------
// Generation

interface FullUnit {
  ad: Ad;
  product: Product;
  profile: Profile;
  record: InventoryRecord;
}

export function generateDemoDataset(options: DemoOptions = {}): DemoDataset {
  const now = options.now ?? (options.today === undefined ? new Date() : undefined);
  const today = options.today ?? Time.calendarDay(ZONE, now!);
  if (!Time.isCalendarDate(today)) throw new Error(`today must be a calendar date YYYY-MM-DD, got ${String(today)}`);
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (!Number.isFinite(seed)) throw new Error(`seed must be a finite number, got ${String(seed)}`);
  const rng = createRng(Math.trunc(seed));

  // Ads
  const adIds = new Set<string>();
  const ads: Ad[] = CATALOGUE.map((product) => {
    const id = uniqueId(rng, adIds, () => `MLB${rng.int(3, 5)}${digits(rng, 9)}`);
    const ad: Ad = {
      id,
      title: product.title,
      thumbnail: thumbnail(rng, today),
      permalink: `https://produto.mercadolivre.com.br/MLB-${id.slice(3)}-${slug(product.title)}-_JM`,
      cost: product.cost,
      sku: product.sku,
      is_full: product.full,
      sales_30d: product.sales,
    };
    if (product.dims) [ad.length_mm, ad.width_mm, ad.height_mm] = product.dims;
    return ad;
  });

  // Inventory of the Full ads: one record per ad, or per variation
  const inventoryIds = new Set<string>();
  const variationIds = new Set<string>();
  const units: FullUnit[] = [];
  const updatedBase = Time.wallClockToInstant(ZONE, `${today}T00:30:00`).getTime();
  CATALOGUE.forEach((product, index) => {
    if (!product.full) return;
    const ad = ads[index]!;
    const profile = product.profile ?? "healthy";
    const variations: Array<number | null> = product.variations
      ? product.variations.map(() => Number(uniqueId(rng, variationIds, () => `1800000${digits(rng, 5)}`)))
      : [null];
    for (const variation of variations) {
      const record = inventoryRecord(rng, profile, ad, variation);
      if (product.oldest !== undefined && (record.available_qty ?? 0) > 0) record.oldest_stock_days = product.oldest;
      record.inventory_id = uniqueId(rng, inventoryIds, () => inventoryId(rng));
      record.updated_at = new Date(updatedBase + units.length * 1_700 + rng.int(0, 900)).toISOString();
      units.push({ ad, product, profile, record });
    }
  });
  const inventory = units.map((unit) => unit.record);

  // Daily stock history
  const daily_stock = units.flatMap((unit) => dailySeries(rng, unit, today));

  // Local warehouses
  const local_stock = localStock(rng);

  // First-in-first-out lots still in stock, as a sync rebuilds them from the receptions
  for (const record of inventory) Object.assign(record, fifoLots(record, today));

  // Storage cost metrics per Full SKU, as the sync computed them this morning
  const metrics = skuMetrics(units, new Date(updatedBase));

  // Planning parameters: case packs, lead-time overrides and a snooze, so every restock status shows
  const settings = [...SETTINGS.map((entry) => ({ ...entry })), { ...LEGACY_SETTING }];
  const planning = demoPlanning({ today, ads, inventory, daily_stock, local_stock, settings });

  // Logs
  const system_logs = systemLogs(rng, today, ads.filter((ad) => ad.is_full).length, ads.length, inventory.length, now);

  return {
    ads,
    inventory,
    daily_stock,
    local_stock,
    metrics,
    planning,
    tariffs: TARIFFS.map((tariff) => ({ ...tariff })),
    settings,
    system_logs,
    credentials: [
      {
        provider: "mercadolivre",
        access_token: "APP_USR-sandbox-initial",
        refresh_token: "TG-sandbox-initial",
        user_id: 123456789,
      },
    ],
  };
}

function inventoryRecord(rng: Rng, profile: Profile, ad: Ad, variation: number | null): InventoryRecord {
  const sales = ad.sales_30d;
  const rate = sales !== null && sales > 0 ? sales / 30 : 0;
  let available: number;
  let inTransit = 0;
  let oldest: number | null;
  switch (profile) {
    case "healthy":
      available = Math.max(3, Math.round(rate * rng.float(20, 75, 1)));
      oldest = rng.int(12, 85);
      inTransit = rng.chance(0.2) ? rng.int(2, 15) : 0;
      break;
    case "low":
      available = Math.max(1, Math.round(rate * rng.float(2, 12.5, 1)));
      oldest = rng.int(4, 40);
      inTransit = rng.chance(0.6) ? Math.max(4, Math.round(rate * rng.float(8, 20, 1))) : 0;
      break;
    case "aged":
      available = Math.max(12, Math.round(Math.max(rate, 0.2) * rng.float(95, 260, 1)));
      oldest = rng.int(95, 175);
      inTransit = 0;
      break;
    case "stranded":
      available = rng.int(8, 60);
      oldest = rng.int(185, 260);
      break;
    case "out":
      available = 0;
      oldest = null;
      inTransit = Math.max(6, Math.round(rate * rng.float(15, 30, 1)));
      break;
  }
  const notAvailable = rng.chance(0.3) ? rng.int(1, 4) : 0;
  if (available === 0) oldest = null;
  return {
    inventory_id: "",
    ad_id: ad.id,
    sku: ad.sku,
    variation_id: variation,
    available_qty: available,
    in_transit_qty: inTransit,
    not_available_qty: notAvailable,
    total_qty: available + inTransit + notAvailable,
    days_of_stock: Sync.daysOfStock(available, sales),
    oldest_stock_days: oldest,
    updated_at: null,
  };
}

/**
 * Rebuilds the last 61 days of an inventory backwards from today's figures: going back in
 * time the units sold return to the shelf, and when the shelf would overflow an inbound
 * reception is placed there (its units were in transit for a few days before it).
 */
function dailySeries(rng: Rng, unit: FullUnit, today: string): DailyStockRow[] {
  const days = DEMO_HISTORY_DAYS + 1;
  const { record, profile } = unit;
  const sales = unit.ad.sales_30d;
  const rate = sales !== null && sales > 0 ? sales / 30 : 0;
  const available: number[] = [];
  const notAvailable: number[] = [];
  const transit: number[] = new Array<number>(days + 10).fill(0);

  const pendingTransit = record.in_transit_qty ?? 0;
  const pendingSince = pendingTransit > 0 ? rng.int(1, 6) : 0;
  for (let d = 0; d < pendingSince; d++) transit[d]! += pendingTransit;

  const restocks = profile === "healthy" || profile === "low" || profile === "out";
  const stockoutDays = profile === "out" ? rng.int(2, 6) : 0;
  let shelf = record.available_qty ?? 0;
  let held = record.not_available_qty ?? 0;
  let cap = Math.max(rate * rng.float(35, 55), shelf + rate * rng.float(5, 15), 12);
  let lastReception = -100;

  for (let d = 0; d < days; d++) {
    available.push(shelf);
    notAvailable.push(held);
    // Step one day back.
    const sold = d < stockoutDays ? 0 : rng.poisson(rate);
    let before = shelf + sold;
    if (restocks && rate > 0 && before > cap && d - lastReception >= 12) {
      const leftover = rng.int(0, Math.ceil(rate * 6));
      const received = before - leftover;
      before = leftover;
      const travel = rng.int(3, 8);
      for (let t = d + 1; t <= d + travel; t++) transit[t]! += received;
      lastReception = d;
      cap = Math.max(rate * rng.float(35, 55), 12);
    }
    if (!restocks && rng.chance(0.04)) before += rng.int(-2, 2); // inventory adjustments
    shelf = Math.max(0, before);
    if (rng.chance(0.08)) held = Math.max(0, held + (rng.chance(0.5) ? 1 : -1));
  }

  const rows: DailyStockRow[] = [];
  for (let d = days - 1; d >= 0; d--) {
    rows.push({
      inventory_id: record.inventory_id,
      day: Time.addDays(today, -d),
      available_qty: available[d]!,
      in_transit_qty: transit[d]!,
      not_available_qty: notAvailable[d]!,
    });
  }
  return rows;
}

function localStock(rng: Rng): LocalStockRow[] {
  const rows: LocalStockRow[] = [];
  const seen = new Set<string>();
  for (const product of CATALOGUE) {
    if (seen.has(product.sku)) continue;
    seen.add(product.sku);
    const plan = product.local ?? "normal";
    const scale = Math.max(4, Math.round((product.sales ?? 3) * rng.float(0.3, 1.5)));
    switch (plan) {
      case "none":
        break;
      case "zero":
        rows.push({ sku: product.sku, warehouse: WAREHOUSES[0], available: 0 });
        rows.push({ sku: product.sku, warehouse: WAREHOUSES[1], available: 0 });
        break;
      case "no_warehouse":
        rows.push({ sku: product.sku, available: scale });
        break;
      case "normal":
        rows.push({ sku: product.sku, warehouse: WAREHOUSES[0], available: rng.chance(0.12) ? 0 : scale });
        if (rng.chance(0.5)) rows.push({ sku: product.sku, warehouse: WAREHOUSES[1], available: rng.chance(0.2) ? 0 : rng.int(1, scale) });
        if (rng.chance(0.35)) rows.push({ sku: product.sku, warehouse: WAREHOUSES[2], available: rng.int(0, 8) });
        break;
    }
  }
  return rows;
}

/**
 * The lots a first-in-first-out rebuild finds in stock for a record: the sandbox marketplace
 * receives the newer half of the units at half the oldest age and the rest (plus units since sold)
 * at the oldest age. No age known for units in stock: all of unknown age.
 */
function fifoLots(record: InventoryRecord, today: string): Pick<InventoryRecord, "fifo_lots" | "unknown_age_units"> {
  const available = Math.max(0, record.available_qty ?? 0);
  const age = record.oldest_stock_days;
  if (available === 0) return { fifo_lots: [], unknown_age_units: 0 };
  if (age === null) return { fifo_lots: [], unknown_age_units: available };
  if (age === 0 || available < 2) return { fifo_lots: [{ day: Time.addDays(today, -age), units: available }], unknown_age_units: 0 };
  const newer = Math.ceil(available / 2);
  return {
    fifo_lots: [
      { day: Time.addDays(today, -age), units: available - newer },
      { day: Time.addDays(today, -Math.floor(age / 2)), units: newer },
    ],
    unknown_age_units: 0,
  };
}

/** Case packs of SKUs sold by the box, and a supplier far away. */
const CASE_PACKS: Readonly<Record<string, number>> = {
  "PISC-CLORO-10KG": 4,
  "PISC-CLAR-1L": 12,
  "PISC-ALGI-1L": 12,
  "COZ-POTE-6V": 6,
  "PET-TAPETE-30": 10,
  "FERR-TRENA-5M": 24,
};
const LEAD_TIMES: Readonly<Record<string, number>> = { "VENT-MESA-40": 35 };

/**
 * Planning parameters for the demo: the fixed case packs and lead times above, then, from the plan
 * they give with the demo settings, a lead time that makes one line due if none is, and a snooze of
 * a week on one line that must ship now.
 */
function demoPlanning(data: Pick<DemoDataset, "ads" | "inventory" | "daily_stock" | "local_stock" | "settings"> & { today: string }): Restock.SkuPlanning[] {
  const planning = new Map<string, Restock.SkuPlanning>();
  const set = (sku: string, fields: Partial<Restock.PlanningFields>): void => {
    planning.set(sku, { ...(planning.get(sku) ?? Restock.noPlanning(sku)), ...fields });
  };
  for (const [sku, casePack] of Object.entries(CASE_PACKS)) set(sku, { case_pack: casePack });
  for (const [sku, days] of Object.entries(LEAD_TIMES)) set(sku, { lead_time_days: days });

  const plan = () => demoRestockPlan({ ...data, planning: [...planning.values()] }, data.today).items;

  const lines = plan();
  const sendable = (line: Restock.RestockLine): boolean => line.quantity > 0;
  if (!lines.some((line) => line.status === "due")) {
    // Ship a week from today: the stockout date less a lead time of that many days fewer.
    const later = lines.find((line) => line.status === "ok" && sendable(line) && line.quantity_needed > 0);
    if (later) set(later.sku, { lead_time_days: Time.daysBetween(data.today, later.stockout_date) - 7 });
  }
  const shipNow = plan().filter((line) => line.status === "ship_now" && sendable(line));
  const snoozed = shipNow.length > 1 ? shipNow.at(-1) : plan().find((line) => line.status === "ok");
  if (snoozed) set(snoozed.sku, { snooze_until: Time.addDays(data.today, 7) });
  return [...planning.values()];
}

/** The figures the cost calculation of the sync would store (CONTRACTS section 5, step 4). */
function skuMetrics(units: FullUnit[], now: Date): SkuMetric[] {
  const computed = StorageCost.computeCosts({ ads: units.map((unit) => unit.ad), inventory: units.map((unit) => unit.record), tariffs: TARIFFS, now });
  // The dataset format (CONTRACTS section 3) has no calculation time.
  const metrics: SkuMetric[] = computed.metrics.map(({ calculated_at: _, ...metric }) => metric);
  // Without package dimensions a SKU gets no cost; the first such SKU keeps an old zeroed metric.
  const unsized = units.find((unit) => unit.ad.sku !== null && !units.some((other) => other.ad.sku === unit.ad.sku && other.product.dims !== null));
  if (unsized) metrics.push({ sku: unsized.ad.sku!, storage_cost: 0, storage_risk_cost: 0, daily_storage_fee: 0, inbound_freight_cost: 0 });
  return metrics;
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

function systemLogs(rng: Rng, today: string, fullAds: number, allAds: number, inventories: number, now?: Date): SystemLogEntry[] {
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
  const errorDay = Time.addDays(today, -rng.int(4, 9));
  let sundays = 0;
  for (let i = 0; i < DEMO_LOG_DAYS; i++) {
    const day = Time.addDays(first, i);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const start = clock(3, 30, rng.int(0, 9));
    if (i % 6 === 2) add(day, start, "core_ai", "INFO", "Reconciliação noturna iniciada", null);

    const processed = allAds - rng.int(0, 3);
    const mape = rng.float(8, 16.5);
    if (day === errorDay) {
      add(day, clock(3, 41, rng.int(0, 59)), "core_ai", "ERROR", "Falha na reconciliação noturna: tempo limite ao consultar as vendas do dia", {
        step: "fetch_orders",
        error: "ETIMEDOUT",
        ads_processed: rng.int(8, 20),
        retry_at: "04:30",
      });
      add(day, clock(4, 36, rng.int(0, 59)), "core_ai", "INFO", `Reconciliação noturna concluída após nova tentativa: ${processed} anúncios`, {
        ads_processed: processed,
        forecasts_compared: processed * 7,
        mape,
        bias: rng.float(-4, 4),
        duration_s: rng.int(70, 140),
        attempt: 2,
      });
    } else {
      add(day, clock(3, rng.int(32, 39), rng.int(0, 59)), "core_ai", "INFO", `Reconciliação noturna concluída: ${processed} anúncios`, {
        ads_processed: processed,
        forecasts_compared: processed * 7,
        mape,
        bias: rng.float(-4, 4),
        duration_s: rng.int(40, 95),
      });
    }

    if (weekday === 0) {
      const samples = rng.int(180, 420);
      const before = rng.float(11, 18);
      const calibrationTime = clock(4, rng.int(0, 12), rng.int(0, 59));
      if (sundays === 0) {
        add(day, calibrationTime, "core_ai", "INFO", "Calibração semanal concluída", {
          samples,
          multipliers_adjusted: ["mult_day_of_week", "mult_seasonal", "mult_weather"],
          mape_before: before,
          mape_after: Rounding.roundHalfUp(before - rng.float(0.5, 2.5), 2),
        });
      } else if (sundays === 1) {
        const after = rng.float(15.2, 19);
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
    add(day, clock(0, 32, rng.int(0, 59)), "sync", "INFO", "Sincronização Full concluída", {
      ads_full: fullAds,
      inventories: i === DEMO_LOG_DAYS - 1 ? inventories : inventories - rng.int(0, 2),
      dimensions_updated: rng.int(0, 3),
      failed: 0,
    }, true);
    if (i % 5 === 1) add(day, clock(rng.int(9, 18), rng.int(0, 59), rng.int(0, 59)), "api", "INFO", "Token do Mercado Livre renovado", null);
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
