import { describe, expect, it } from "vitest";
import { contentTypeOf, decodeFile, importRequest, importSummary, unmatchedSummary, warehousesOf } from "./imports-form.js";

describe("importRequest", () => {
  it("sends local stock to its warehouse's path, the name encoded", () => {
    expect(importRequest("local_stock", "CD São Paulo/2", "sku;available\nA;1\n")).toEqual({
      path: "/full/local-stock/CD%20S%C3%A3o%20Paulo%2F2",
      text: { content: "sku;available\nA;1\n", type: "text/csv" },
    });
  });

  it("sends costs and sales to their own paths, whatever the warehouse field holds", () => {
    expect(importRequest("costs", "CD1", "sku,cost\nA,2\n")).toMatchObject({ path: "/full/costs" });
    expect(importRequest("sales", "", "ad_id;sales_30d\nMLB1;3\n")).toMatchObject({ path: "/full/sales" });
  });

  it("refuses what cannot be sent: no content, or local stock without a warehouse", () => {
    expect(importRequest("costs", "", "  \n")).toEqual({ problem: "Escolha um arquivo CSV ou cole o conteúdo antes de importar." });
    expect(importRequest("local_stock", "", "sku;available\nA;1\n")).toEqual({ problem: "Informe o depósito do estoque local." });
  });

  it("leaves a header-only file to the API (it empties the warehouse)", () => {
    expect(importRequest("local_stock", "CD1", "sku;available\n")).toMatchObject({ path: "/full/local-stock/CD1" });
  });
});

describe("contentTypeOf", () => {
  it("sends JSON as JSON and everything else as CSV", () => {
    expect(contentTypeOf('[{"sku":"A","available":1}]')).toBe("application/json");
    expect(contentTypeOf('\uFEFF \n{"sku":"A"}')).toBe("application/json");
    expect(contentTypeOf("\uFEFFsku;available\r\nA;1\r\n")).toBe("text/csv");
    expect(contentTypeOf('"sku","available"\n')).toBe("text/csv");
  });
});

describe("importSummary", () => {
  it("counts rows added, changed and removed in pt-BR, singular and plural", () => {
    expect(importSummary({ rows: 1, added: 1, changed: 0, removed: 0 })).toBe("1 linha: 1 adicionada, 0 alteradas, 0 removidas");
    expect(importSummary({ rows: 20000, added: 19998, changed: 2, removed: 1 })).toBe(
      "20.000 linhas: 19.998 adicionadas, 2 alteradas, 1 removida",
    );
  });
});

describe("unmatchedSummary", () => {
  it("names the keys that match no ad, and how many more the API did not list", () => {
    expect(unmatchedSummary({ unmatched: 0, unmatched_keys: [] })).toBeNull();
    expect(unmatchedSummary({ unmatched: 1, unmatched_keys: ["NOPE"] })).toBe("1 chave sem anúncio: NOPE");
    expect(unmatchedSummary({ unmatched: 22, unmatched_keys: ["A", "B"] })).toBe("22 chaves sem anúncio: A, B e mais 20");
  });
});

describe("warehousesOf", () => {
  it("lists the warehouses of local stock imports once each, newest import first", () => {
    expect(
      warehousesOf([
        { kind: "local_stock", warehouse: "CD2" },
        { kind: "costs", warehouse: null },
        { kind: "local_stock", warehouse: "CD1" },
        { kind: "local_stock", warehouse: "CD2" },
      ]),
    ).toEqual(["CD2", "CD1"]);
  });
});

describe("decodeFile", () => {
  it("reads UTF-8 (its byte-order mark dropped), and a Windows-1252 spreadsheet file when it is not UTF-8", () => {
    expect(decodeFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("sku;cost\nAÇÚCAR-1;2,5\n")]))).toBe("sku;cost\nAÇÚCAR-1;2,5\n");
    // "AÇÚCAR" in Windows-1252: Ç is 0xC7, Ú is 0xDA.
    const latin = new Uint8Array([..."sku;cost\nA"].map((c) => c.charCodeAt(0)).concat([0xc7, 0xda], [..."CAR-1;2,5\n"].map((c) => c.charCodeAt(0))));
    expect(decodeFile(latin)).toBe("sku;cost\nAÇÚCAR-1;2,5\n");
  });
});
