import { describe, expect, it } from "vitest";
import type { Ad } from "./records.js";
import { discoveredAd, discoveryChanges, salesFromLedger, skuOfItem, unlistedFullAds } from "./catalogue.js";

const stored = (id: string, fields: Partial<Ad> = {}): Ad => ({
  id,
  title: "Stored title",
  thumbnail: "https://img/stored.jpg",
  permalink: "https://loja/stored",
  cost: 12.5,
  sku: "STORED",
  is_full: false,
  sales_30d: 9,
  sales_30d_source: "import",
  length_mm: 100,
  ...fields,
});

describe("the seller's SKU of an item", () => {
  it("is the SELLER_SKU attribute, else seller_custom_field, else null", () => {
    expect(skuOfItem({ id: "1", attributes: [{ id: "BRAND", value_name: "X" }, { id: "SELLER_SKU", value_name: " SKU-1 " }], seller_custom_field: "OLD" })).toBe("SKU-1");
    expect(skuOfItem({ id: "1", attributes: [{ id: "SELLER_SKU", value_name: "" }], seller_custom_field: "OLD-1" })).toBe("OLD-1");
    expect(skuOfItem({ id: "1", attributes: null, seller_custom_field: null })).toBeNull();
  });
});

describe("a discovered ad", () => {
  it("takes the marketplace's fields and keeps cost, sales and dimensions as stored", () => {
    // Act
    const ad = discoveredAd(
      { id: "MLB1", title: "Mangueira 20 m", thumbnail: "http://img/1.jpg", secure_thumbnail: "https://img/1.jpg", permalink: "https://ml/MLB1", attributes: [{ id: "SELLER_SKU", value_name: "MG-20" }] },
      stored("MLB1"),
    );

    // Assess
    expect(ad).toEqual({
      ...stored("MLB1"),
      title: "Mangueira 20 m",
      thumbnail: "https://img/1.jpg",
      permalink: "https://ml/MLB1",
      sku: "MG-20",
      is_full: true,
    });
  });

  it("keeps stored fields the item lacks, and starts a new ad without cost or sales", () => {
    expect(discoveredAd({ id: "MLB1", title: null }, stored("MLB1"))).toMatchObject({ title: "Stored title", sku: "STORED", is_full: true });
    expect(discoveredAd({ id: "MLB2", title: "Novo" }, undefined)).toEqual({
      id: "MLB2",
      title: "Novo",
      thumbnail: null,
      permalink: null,
      sku: null,
      is_full: true,
      cost: null,
      sales_30d: null,
    });
  });

  it("counts as a change only when a field discovery owns differs", () => {
    const before = stored("MLB1", { is_full: true });
    expect(discoveryChanges(before, { ...before, cost: 99 })).toBe(false);
    expect(discoveryChanges(before, { ...before, title: "Outro" })).toBe(true);
    expect(discoveryChanges(undefined, before)).toBe(true);
  });
});

describe("ads the listing no longer names", () => {
  it("are the stored Full ads outside the listing", () => {
    const ads = [stored("MLB1", { is_full: true }), stored("MLB2", { is_full: true }), stored("MLB3", { is_full: false })];
    expect(unlistedFullAds(ads, new Set(["MLB1"])).map((ad) => ad.id)).toEqual(["MLB2"]);
  });
});

describe("whose sales the ledger gives", () => {
  it("ads with no value or a ledger value; an imported value wins, and an older value without a source counts as imported", () => {
    expect(salesFromLedger({ sales_30d: null })).toBe(true);
    expect(salesFromLedger({ sales_30d: 4, sales_30d_source: "ledger" })).toBe(true);
    expect(salesFromLedger({ sales_30d: 4, sales_30d_source: "import" })).toBe(false);
    expect(salesFromLedger({ sales_30d: 4 })).toBe(false);
  });
});
