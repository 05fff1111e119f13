import { describe, expect, it } from "vitest";
import { fulfillmentClient } from "@fulfillment/client";
import { contentTypeOf, decodeFile, importProblem, importSummary, sendImport, unmatchedSummary, warehousesOf } from "./imports-form.js";

/** The typed client over a fetch that records each request and answers as an import does. */
function recordingClient() {
  const requests: { url: string; method: string; type: string | null; body: string }[] = [];
  const client = fulfillmentClient<"application/json">({
    baseUrl: "http://127.0.0.1:3000",
    fetch: async (request) => {
      requests.push({ url: request.url, method: request.method, type: request.headers.get("content-type"), body: await request.text() });
      return Response.json({ success: true, id: "i1", kind: "costs", rows: 1, added: 1, changed: 0, removed: 0 });
    },
  });
  return { client, requests };
}

describe("sendImport", () => {
  it("sends local stock CSV as it is, with its content type, to its warehouse's path, the name encoded", async () => {
    const { client, requests } = recordingClient();
    await sendImport(client, "local_stock", "CD São Paulo/2", "sku;available\nA;1\n");
    expect(requests).toEqual([
      { url: "http://127.0.0.1:3000/full/local-stock/CD%20S%C3%A3o%20Paulo%2F2", method: "PUT", type: "text/csv", body: "sku;available\nA;1\n" },
    ]);
  });

  it("sends costs and sales to their own paths, JSON text as JSON, whatever the warehouse field holds", async () => {
    const { client, requests } = recordingClient();
    await sendImport(client, "costs", "CD1", "sku,cost\nA,2\n");
    await sendImport(client, "sales", "", '[{"ad_id":"MLB1","sales_30d":3}]');
    expect(requests.map((r) => [r.url, r.type, r.body])).toEqual([
      ["http://127.0.0.1:3000/full/costs", "text/csv", "sku,cost\nA,2\n"],
      ["http://127.0.0.1:3000/full/sales", "application/json", '[{"ad_id":"MLB1","sales_30d":3}]'],
    ]);
  });
});

describe("importProblem", () => {
  it("refuses what cannot be sent: no content, or local stock without a warehouse", () => {
    expect(importProblem("costs", "", "  \n")).toBe("Escolha um arquivo CSV ou cole o conteúdo antes de importar.");
    expect(importProblem("costs", "", "\uFEFF")).toBe("Escolha um arquivo CSV ou cole o conteúdo antes de importar.");
    expect(importProblem("local_stock", "", "sku;available\nA;1\n")).toBe("Informe o depósito do estoque local.");
  });

  it("leaves a header-only file to the API (it empties the warehouse), and costs need no warehouse", () => {
    expect(importProblem("local_stock", "CD1", "sku;available\n")).toBeNull();
    expect(importProblem("costs", "", "sku;cost\nA;1\n")).toBeNull();
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
