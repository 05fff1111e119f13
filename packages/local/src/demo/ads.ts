/** The ads collection: one ad per catalogue row, with the marketplace's ids, pictures and links. */
import { Time, type Ad } from "@fulfillment/core";
import type { Draws } from "../random.js";
import { CATALOGUE } from "./catalogue.js";
import { adId, digits, uniqueId } from "./ids.js";

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function thumbnail(draws: Draws, today: string): string {
  const scheme = draws.chance(0.85) ? "http" : "https";
  const [year, month] = Time.addDays(today, -draws.int(60, 900)).split("-");
  return `${scheme}://http2.mlstatic.com/D_${digits(draws, 6)}-MLB${draws.int(1, 9)}${digits(draws, 10)}_${month}${year}-I.jpg`;
}

/** The ads, in catalogue order. */
export function demoAds(draws: Draws, today: string): Ad[] {
  const taken = new Set<string>();
  return CATALOGUE.map((product) => {
    const id = uniqueId(taken, () => adId(draws));
    const ad: Ad = {
      id,
      title: product.title,
      thumbnail: thumbnail(draws, today),
      permalink: `https://produto.mercadolivre.com.br/MLB-${id.slice(3)}-${slug(product.title)}-_JM`,
      cost: product.cost,
      sku: product.sku,
      is_full: product.full,
      sales_30d: product.sales,
    };
    if (product.dims) [ad.length_mm, ad.width_mm, ad.height_mm] = product.dims;
    return ad;
  });
}
