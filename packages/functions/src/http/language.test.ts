/**
 * Every text a person reads is pt-BR without Accept-Language or with pt-BR, English with en; the
 * codes, statuses and shapes stay; SPEC's literal texts read the same in every language.
 */
import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load } from "#test/fixtures";
import { handler as overview } from "../handlers/full/overview.js";
import { handler as inventoryDetail } from "../handlers/full/inventory-detail.js";
import { handler as agedStock } from "../handlers/full/aged-stock.js";
import { handler as createTariff } from "../handlers/tariffs/create.js";
import { handler as getGroup } from "../handlers/settings/get-group.js";
import { handler as putGroup } from "../handlers/settings/put-group.js";
import { listGroupEntries } from "#storage/settings";

const db = useTestTable("language", "file");

/** No header, pt-BR, and the way browsers send it: all pt-BR. */
const PORTUGUESE = [undefined, { "accept-language": "pt-BR" }, { "accept-language": "pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7" }] as const;
const ENGLISH = [{ "accept-language": "en" }, { "accept-language": "en-US,en;q=0.9" }, { "accept-language": "pt-BR;q=0.5, en-GB;q=0.8" }] as const;

describe("answers in pt-BR by default and in English on Accept-Language: en", () => {
  it("writes the empty overview's message in the request's language, with its code beside it", async () => {
    for (const headers of PORTUGUESE) {
      const response = await invoke(overview, { path: "/full/overview", headers });
      expect(response.body).toMatchObject({
        has_data: false,
        message: "Ainda não há dados de estoque Full. Rode a sincronização (POST /full/sync) para carregá-los.",
        message_detail: { code: "overview_no_data", params: {} },
        summary: {},
        alerts: {},
      });
      expect(response.headers).toMatchObject({ "content-language": "pt-BR", vary: expect.stringMatching(/Accept-Language/) });
    }
    for (const headers of ENGLISH) {
      const response = await invoke(overview, { path: "/full/overview", headers });
      expect(response.body).toMatchObject({ has_data: false, message: "No fulfillment stock data yet. Run the sync (POST /full/sync) to load it.", message_detail: { code: "overview_no_data" } });
      expect(response.headers["content-language"]).toBe("en");
    }
  });

  it("writes a not-found error in the request's language, keeping its status and envelope", async () => {
    for (const headers of PORTUGUESE) {
      const response = await invoke(inventoryDetail, { path: "/full/inventory/MLB404", pathParameters: { ad_id: "MLB404" }, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).toEqual({ error: "Nenhum estoque Full para o anúncio MLB404" });
      expect(response.headers).toMatchObject({ "content-language": "pt-BR", vary: expect.stringMatching(/Accept-Language/) });
    }
    for (const headers of ENGLISH) {
      const response = await invoke(inventoryDetail, { path: "/full/inventory/MLB404", pathParameters: { ad_id: "MLB404" }, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).toEqual({ error: "No fulfillment inventory for ad MLB404" });
      expect(response.headers["content-language"]).toBe("en");
    }
  });

  it("writes a validation error in the request's language, keeping its status and envelope", async () => {
    for (const headers of PORTUGUESE) {
      const response = await invoke(agedStock, { path: "/full/aged-stock", query: { format: "pdf" }, headers });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'format deve ser json ou csv, não "pdf"' });
    }
    for (const headers of ENGLISH) {
      const response = await invoke(agedStock, { path: "/full/aged-stock", query: { format: "pdf" }, headers });
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({ success: false, error: 'format must be json or csv, not "pdf"' });
    }
  });

  it("writes a tariff's warnings in the request's language, codes and params beside the texts", async () => {
    const body = { name: "Sem taxa", max_volume_l: "" };
    const portuguese = await invoke(createTariff, { method: "POST", path: "/full/tariffs", body, headers: { "accept-language": "pt-BR" } });
    const english = await invoke(createTariff, { method: "POST", path: "/full/tariffs", body, headers: { "accept-language": "en" } });
    expect(portuguese.statusCode).toBe(201);
    expect(portuguese.body.warning_details).toContainEqual({ code: "max_volume_open", params: {}, text: "max_volume_l não foi informado: a tarifa não tem limite superior de volume" });
    expect(portuguese.body.warnings).toContain("max_volume_l não foi informado: a tarifa não tem limite superior de volume");
    expect(portuguese.body.warnings.join(" ")).not.toMatch(/ the | was not /);
    expect(english.statusCode).toBe(201);
    // The second tariff overlaps the first: that warning too is in English.
    expect(english.body.warning_details).toContainEqual({ code: "max_volume_open", params: {}, text: "max_volume_l was not given: the tariff has no upper volume bound" });
    expect(english.body.warning_details).toContainEqual({ code: "tariff_overlap", params: expect.any(Object), text: expect.stringMatching(/^The volume range 0–∞ L overlaps the active tariff \d+ "Sem taxa"/) });
  });

  it("answers an alert-free store's detail in any language: the data itself does not change", async () => {
    await load(db.ref, { ads: [ad({ id: "MLB1", title: "Bomba", sku: "B" })], inventory: [inventory({ inventory_id: "I1", ad_id: "MLB1", sku: "B", available_qty: 3 })] });
    const [portuguese, english] = await Promise.all(
      [{ "accept-language": "pt-BR" }, { "accept-language": "en" }].map((headers) => invoke(inventoryDetail, { path: "/full/inventory/MLB1", pathParameters: { ad_id: "MLB1" }, headers })),
    );
    expect(portuguese!.statusCode).toBe(200);
    expect(english!.body).toEqual(portuguese!.body);
  });
});

describe("SPEC's literal texts read the same in every language", () => {
  it.each([...PORTUGUESE, ...ENGLISH])("Unknown group: <group> and Settings for '<group>' updated, with Accept-Language %j", async (headers) => {
    const read = await invoke(getGroup, { path: "/settings/vendas", pathParameters: { group: "vendas" }, headers });
    expect(read.statusCode).toBe(400);
    expect(read.body).toEqual({ success: false, error: "Unknown group: vendas" });

    const write = await invoke(putGroup, { method: "PUT", path: "/settings/vendas", pathParameters: { group: "vendas" }, body: { a: 1 }, headers });
    expect(write.statusCode).toBe(400);
    expect(write.body).toEqual({ success: false, error: "Unknown group: vendas" });

    const updated = await invoke(putGroup, { method: "PUT", path: "/settings/estoque", pathParameters: { group: "estoque" }, body: { nivel_critico: 4 }, headers });
    expect(updated.statusCode).toBe(200);
    expect(updated.body).toEqual({ success: true, message: "Settings for 'estoque' updated" });
    const entry = (await listGroupEntries(db.ref, "estoque")).find((e) => e.key === "nivel_critico");
    expect(entry).toMatchObject({ value: "4", description: "Setting: estoque.nivel_critico" });
  });
});
