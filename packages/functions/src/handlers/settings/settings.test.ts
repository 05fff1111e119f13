import { describe, expect, it } from "vitest";
import { Settings } from "@fulfillment/core";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { getCredential } from "#storage/credentials";
import { listAllEntries, writeGroupEntries } from "#storage/settings";
import { handler as getAll } from "./get-all.js";
import { handler as getDefaults } from "./get-defaults.js";
import { handler as getGroup } from "./get-group.js";
import { handler as putGroup } from "./put-group.js";

const db = useTestTable("settings");

const put = (group: string, body: unknown) =>
  invoke(putGroup, { method: "PUT", path: `/settings/${group}`, pathParameters: { group }, body: typeof body === "string" ? body : JSON.stringify(body) });
const read = (group: string) => invoke(getGroup, { path: `/settings/${group}`, pathParameters: { group } });

describe("settings endpoints", () => {
  it("GET /settings/defaults returns the complete default structure", async () => {
    const response = await invoke(getDefaults, { path: "/settings/defaults" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ success: true, data: JSON.parse(JSON.stringify(Settings.SETTING_DEFAULTS)) });
  });

  it("GET /settings returns all six groups with defaults when nothing is stored", async () => {
    const response = await invoke(getAll, { path: "/settings" });
    expect(response.statusCode).toBe(200);
    expect(response.body.success).toBe(true);
    expect(Object.keys(response.body.data)).toEqual(["geral", "financeiro", "estoque", "core_ai", "catalogo", "integracoes"]);
    expect(response.body.data.estoque.lead_time_padrao).toBe(15);
  });

  it("PUT stores typed values that read back converted, with the success message", async () => {
    const response = await put("estoque", { lead_time_padrao: 21, multi_deposito: true, metodo_seguranca: "manual", nova_chave: "x" });
    expect(response).toMatchObject({ statusCode: 200, body: { success: true, message: "Settings for 'estoque' updated" } });

    const group = await read("estoque");
    expect(group.body.data).toMatchObject({ lead_time_padrao: 21, multi_deposito: true, metodo_seguranca: "manual", nova_chave: "x" });
    const all = await invoke(getAll, { path: "/settings" });
    expect(all.body.data.estoque.lead_time_padrao).toBe(21);

    const stored = (await listAllEntries(db.ref)).filter((e) => e.group === "estoque");
    expect(stored.find((e) => e.key === "multi_deposito")).toMatchObject({ value: "true", description: "Setting: estoque.multi_deposito" });
    expect(stored.find((e) => e.key === "lead_time_padrao")?.value).toBe("21");
  });

  it("PUT stores lists and objects as JSON text and replaces existing entries", async () => {
    await put("core_ai", { feriados_custom: ["2026-12-24"], mult_event: { enabled: false, weight: 2, min: 0.1, max: 3, desc: "x" } });
    await put("core_ai", { feriados_custom: ["2026-12-31"] });
    const group = await read("core_ai");
    expect(group.body.data.feriados_custom).toEqual(["2026-12-31"]);
    expect(group.body.data.mult_event).toEqual({ enabled: false, weight: 2, min: 0.1, max: 3, desc: "x" });
    const entries = (await listAllEntries(db.ref)).filter((e) => e.group === "core_ai" && e.key === "feriados_custom");
    expect(entries).toEqual([{ key: "feriados_custom", value: '["2026-12-31"]', group: "core_ai", description: "Setting: core_ai.feriados_custom" }]);
  });

  it("PUT keeps the description of an entry that already existed", async () => {
    await writeGroupEntries(db.ref, "catalogo", {
      entries: { titulo_max_chars: { value: "55", description: "Limite do título" } },
      replaceDescriptions: true,
    });
    await put("catalogo", { titulo_max_chars: 58 });
    const entry = (await listAllEntries(db.ref)).find((e) => e.group === "catalogo" && e.key === "titulo_max_chars");
    expect(entry).toMatchObject({ value: "58", description: "Limite do título" });
  });

  it("erp_api_token is stored as a setting and as the ERP credential's access token", async () => {
    const before = Date.now();
    const response = await put("integracoes", { erp_api_token: "tok-123" });
    expect(response.statusCode).toBe(200);
    const credential = await getCredential(db.ref, "erp");
    expect(credential).toMatchObject({ provider: "erp", access_token: "tok-123", refresh_token: "" });
    expect(Date.parse(credential!.updated_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await read("integracoes")).body.data.erp_api_token).toBe("tok-123");

    await put("integracoes", { erp_api_token: "tok-456" });
    expect(await getCredential(db.ref, "erp")).toMatchObject({ access_token: "tok-456", refresh_token: "" });
  });

  it("unknown group answers 400 with the group in the message, for GET and PUT", async () => {
    expect(await read("vendas")).toEqual({
      statusCode: 400,
      headers: expect.any(Object),
      body: { success: false, error: "Unknown group: vendas" },
    });
    const response = await put("vendas", { a: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: "Unknown group: vendas" });
  });

  it.each([["[1,2]"], ["not json"], ['"text"'], ["null"], ["42"], [""]])(
    "a body that is not a JSON object (%s) answers 500 and changes nothing",
    async (body) => {
      const before = await listAllEntries(db.ref);
      const response = await put("geral", body);
      expect(response.statusCode).toBe(500);
      expect(response.body).toEqual({ success: false, error: expect.any(String) });
      expect(await listAllEntries(db.ref)).toEqual(before);
    },
  );

  it("concurrent PUTs of different keys of one group keep both keys", async () => {
    await Promise.all(Array.from({ length: 6 }, (_, i) => put("financeiro", { [`meta_${i}`]: i })));
    const data = (await read("financeiro")).body.data;
    for (let i = 0; i < 6; i++) expect(data[`meta_${i}`]).toBe(String(i));
  });

  it("a PUT of more than 100 keys is stored in one piece", async () => {
    const body = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`chave_${i}`, i]));
    expect((await put("catalogo", body)).statusCode).toBe(200);
    const data = (await read("catalogo")).body.data;
    expect(Object.keys(data).filter((k) => k.startsWith("chave_"))).toHaveLength(150);
  });
});

describe("settings groups of any size", () => {
  const largeBody = (prefix: string, keys: number, valueBytes: number) =>
    Object.fromEntries(Array.from({ length: keys }, (_, k) => [`${prefix}_${k}`, `${prefix}${k}:${"v".repeat(valueBytes)}`]));

  it("stores a group past the 400 KB item limit over several large PUTs: every PUT answers 200 and every key reads back", async () => {
    // Act: five PUTs of about 200 KB each, on other keys every time (1 MB in the group).
    const answers = [];
    for (const prefix of ["a", "b", "c", "d", "e"]) answers.push(await put("integracoes", largeBody(prefix, 40, 5_000)));

    // Assess
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const data = (await read("integracoes")).body.data;
    for (const prefix of ["a", "b", "c", "d", "e"]) expect(data).toMatchObject(largeBody(prefix, 40, 5_000));
    const all = await invoke(getAll, { path: "/settings" });
    expect(Object.keys(all.body.data.integracoes).filter((key) => /^[a-e]_\d+$/.test(key))).toHaveLength(200);
  });

  it("refuses, before writing anything, a PUT that would take the group past what one commit holds, naming the limit and the size", async () => {
    // Prepare: a group of about 3.4 MB, loaded through the storage layer (no 256 KiB body limit there).
    await writeGroupEntries(db.ref, "estoque", {
      entries: Object.fromEntries(
        Array.from({ length: 34 }, (_, k) => [`carga_${k}`, { value: "c".repeat(100_000), description: null }]),
      ),
    });
    const before = await listAllEntries(db.ref);

    // Act
    const response = await put("estoque", largeBody("extra", 40, 5_000));

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({
      success: false,
      error: expect.stringMatching(/settings group 'estoque' would hold 3,[0-9]{3},[0-9]{3} bytes, over the limit of 3,500,000 bytes; nothing was changed/),
    });
    expect(await listAllEntries(db.ref)).toEqual(before);
  });
});
