/** Data table: the demo seller's products, one row per ad, in the order the generator draws them. */

/** Stock situation of a Full ad today. */
export type Profile = "healthy" | "low" | "aged" | "stranded" | "out";
/** How the SKU appears in the local warehouses. */
export type LocalPlan = "normal" | "none" | "zero" | "no_warehouse";

export interface Product {
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

export const CATALOGUE: readonly Product[] = [
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
