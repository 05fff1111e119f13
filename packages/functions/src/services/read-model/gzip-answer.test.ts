import { describe, expect, it } from "vitest";
import { gunzipSync, inflateRawSync, constants } from "node:zlib";
import { answerPages } from "#storage/read-model";
import { gzipBase64OfPages, gzipTrailerOf, type GzipTrailer } from "./gzip-answer.js";

/** The gzip member of stored pages, as the body of a gzip answer carries it. */
const gzipOfPages = (pages: readonly Uint8Array[], trailer: GzipTrailer): Buffer => Buffer.from(gzipBase64OfPages(pages, trailer), "base64");

/** A stored answer's pages, as the read model keeps them (1 MB of text per page at most). */
const pagesOf = (text: string): Uint8Array[] => answerPages("restock", text, 400_000)!.map((page) => page.item.z as Uint8Array);

describe("a stored answer's pages", () => {
  it("make one gzip member with the text's trailer, decoding to the text, over several pages and characters of every width", () => {
    // Prepare: about 2.6 MB of JSON with accents, CJK and characters outside the BMP, some on a page boundary.
    const line = (i: number): string => JSON.stringify({ sku: `SKU-${i}`, title: i % 7 === 0 ? "Boia 🛟 ção 日本" : "Cloro \"grande\"", n: i });
    const text = `{"items":[${Array.from({ length: 40_000 }, (_, i) => line(i)).join(",")}]}`;
    const astral = `${"x".repeat(999_999)}🛟${"y".repeat(10)}`;

    // Act
    const pages = pagesOf(text);
    const gzip = gzipOfPages(pages, gzipTrailerOf(text));
    const astralGzip = gzipOfPages(pagesOf(astral), gzipTrailerOf(astral));

    // Assess: gunzip checks the CRC and the size; every page also reads alone.
    expect(pages.length).toBeGreaterThan(2);
    expect(gunzipSync(gzip).toString("utf8")).toBe(text);
    expect(pages.map((z) => inflateRawSync(z, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8")).join("")).toBe(text);
    expect(gunzipSync(astralGzip).toString("utf8")).toBe(astral);
    expect(gzip.length).toBeLessThan(text.length / 5);
  });

  it("make each answer's member alone, a smaller one after a larger one included", () => {
    const large = JSON.stringify({ items: Array.from({ length: 5_000 }, (_, i) => ({ sku: `A-${i}` })) });
    const small = JSON.stringify({ items: [{ sku: "B-1" }] });
    expect(gunzipSync(gzipOfPages(pagesOf(large), gzipTrailerOf(large))).toString("utf8")).toBe(large);
    expect(gunzipSync(gzipOfPages(pagesOf(small), gzipTrailerOf(small))).toString("utf8")).toBe(small);
    expect(gunzipSync(gzipOfPages(pagesOf(large), gzipTrailerOf(large))).toString("utf8")).toBe(large);
  });

  it("make a valid gzip member of an empty answer", () => {
    expect(gunzipSync(gzipOfPages(pagesOf(""), gzipTrailerOf(""))).toString("utf8")).toBe("");
  });
});
