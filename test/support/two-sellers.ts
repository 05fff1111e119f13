/**
 * Two connected sellers side by side, each with its own Full ads, inventories and planning, all
 * named after the seller (MLBAAA1, SKU-BBB-2…), so that one seller's data showing for the other
 * reads as text in an answer, a page or a file.
 */
import type { TableRef } from "#storage/client";
import { putCredential } from "#storage/credentials";
import { withScope } from "#storage/scope";
import { registerSeller } from "#storage/sellers";
import { ad, inventory, load, type DatasetInput } from "./fixtures.js";

export interface TestSeller {
  /** Its marketplace user_id: the X-Seller-Id or seller_id that selects it. */
  id: string;
  nickname: string;
  /** What its ids and titles carry. */
  name: string;
}

export const SELLER_A: TestSeller = { id: "101", nickname: "LOJA_AAA", name: "AAA" };
export const SELLER_B: TestSeller = { id: "90909", nickname: "LOJA_BBB", name: "BBB" };

/** One seller's catalogue: three Full ads with stock (the first sold out), costs and sales, one SKU with a case pack. */
export const sellerCatalogue = (name: string): DatasetInput => ({
  ads: [1, 2, 3].map((n) => ad({ id: `MLB${name}${n}`, title: `Anúncio ${name} ${n}`, sku: `SKU-${name}-${n}`, cost: 10, sales_30d: 30, is_full: true })),
  inventory: [1, 2, 3].map((n) => inventory({ inventory_id: `INV${name}${n}`, ad_id: `MLB${name}${n}`, sku: `SKU-${name}-${n}`, available_qty: n === 1 ? 0 : 5 })),
  planning: [{ sku: `SKU-${name}-2`, case_pack: 6 }],
});

/**
 * Connects `seller` as the marketplace's callback does (the first one connected owns the keys a
 * single account always had): its registry entry and its credential; then loads its catalogue,
 * with `more` records.
 */
export async function connectSellerWithData(ref: TableRef, seller: TestSeller, more: DatasetInput = {}): Promise<void> {
  const registered = await registerSeller(ref, { user_id: seller.id, nickname: seller.nickname });
  await withScope(registered.scope, async () => {
    await putCredential(ref, { provider: "mercadolivre", access_token: `A-${seller.name}`, refresh_token: `R-${seller.name}`, user_id: seller.id, nickname: seller.nickname });
    await load(ref, { ...sellerCatalogue(seller.name), ...more });
  });
}

/** SELLER_A (with `moreOfA`: shared records such as local stock and tariffs) and SELLER_B, each with its catalogue. */
export async function connectTwoSellers(ref: TableRef, moreOfA: DatasetInput = {}): Promise<void> {
  await connectSellerWithData(ref, SELLER_A, moreOfA);
  await connectSellerWithData(ref, SELLER_B);
}
