import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { STRICT, createTariff, listTariffs, updateTariff } from "#test/tariffs";
import { logger } from "#logging/logger";

/**
 * SPEC's lenient tariff path names what it assumed (warnings and a WARN log line); with
 * `Prefer: handling=strict` the same bodies are refused and nothing is stored. A fresh table per test.
 */
const db = useTestTable("tariff-warnings", "test");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /full/tariffs warnings (what the lenient path assumed)", () => {
  it("names each assumption of a body that is not JSON and logs one WARN line", async () => {
    const warn = vi.spyOn(logger, "warn");

    const response = await createTariff("{\"name\": \"trunc");

    expect(response.statusCode).toBe(201);
    expect(response.body.warnings).toEqual([
      "O corpo não é JSON válido: foi lido como um objeto vazio",
      "daily_fee não foi informado: a taxa diária é 0, e o custo de armazenagem de todo SKU coberto por esta tarifa também",
      "max_volume_l não foi informado: a tarifa não tem limite superior de volume",
    ]);
    expect(response.body.warning_details.map((detail: { code: string }) => detail.code)).toEqual(["body_not_json", "daily_fee_assumed_zero", "max_volume_open"]);
    expect(response.body.warning_details.map((detail: { text: string }) => detail.text)).toEqual(response.body.warnings);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toMatchObject({
      tariff_id: response.body.tariff.id,
      warnings: [
        "The body is not valid JSON: it was read as an empty object",
        "daily_fee was not given: the daily fee is 0, so the storage cost of every SKU this tariff covers will be 0",
        "max_volume_l was not given: the tariff has no upper volume bound",
      ],
    });
  });

  it("writes the warnings in English when Accept-Language asks for it", async () => {
    const response = await createTariff({ name: "Sem taxa", min_volume_l: 7000, max_volume_l: 7100 }, { "accept-language": "en;q=1, pt-BR;q=0.5" });

    expect(response.body.warnings).toEqual(["daily_fee was not given: the daily fee is 0, so the storage cost of every SKU this tariff covers will be 0"]);
    expect(response.body.warning_details).toEqual([{ code: "daily_fee_assumed_zero", params: {}, text: response.body.warnings[0] }]);
  });

  it("answers {success, tariff} alone when nothing was assumed", async () => {
    const warn = vi.spyOn(logger, "warn");

    const response = await createTariff({ name: "Isolada", min_volume_l: 9000, max_volume_l: 9100, daily_fee: 0.4 });

    expect(response.statusCode).toBe(201);
    expect(response.body).toEqual({ success: true, tariff: expect.objectContaining({ name: "Isolada", daily_fee: 0.4 }), version: expect.objectContaining({ tariff_id: expect.any(Number), version: expect.any(Number), actor: "local" }) });
    expect(warn).not.toHaveBeenCalled();
  });

  it("allows a volume range that overlaps an active tariff and names it in warnings", async () => {
    const existing = (await createTariff({ name: "Banda A", min_volume_l: 5000, max_volume_l: 5100, daily_fee: 1 })).body.tariff;
    await createTariff({ name: "Banda inativa", min_volume_l: 5000, max_volume_l: 5100, daily_fee: 1, active: false });

    const response = await createTariff({ name: "Banda B", min_volume_l: 5050, max_volume_l: 5200, daily_fee: 2 });

    expect(response.statusCode).toBe(201);
    expect(response.body.warnings).toHaveLength(1);
    expect(response.body.warnings[0]).toContain(`sobrepõe a tarifa ativa ${existing.id} "Banda A" (5.000–5.100 L)`);
    expect(response.body.warning_details[0]).toMatchObject({ code: "tariff_overlap", params: { other_id: existing.id, other_name: "Banda A", other_min_volume_l: 5000, other_max_volume_l: 5100 } });
  });

  it("does not warn for bands that only touch (max is exclusive)", async () => {
    await createTariff({ name: "Até 6000", min_volume_l: 5900, max_volume_l: 6000, daily_fee: 1 });

    const response = await createTariff({ name: "De 6000", min_volume_l: 6000, max_volume_l: 6100, daily_fee: 1 });

    expect(response.body.warnings).toBeUndefined();
  });
});

describe("POST /full/tariffs with Prefer: handling=strict", () => {
  it.each([
    ["{not json", /^O corpo não é JSON válido \(Prefer: handling=strict\)$/],
    ["", /^O corpo não é JSON válido \(Prefer: handling=strict\)$/],
    ["[1, 2]", /^O corpo deve ser um objeto JSON de campos de tarifa \(Prefer: handling=strict\)$/],
    [{ name: "X", daily_fee: 1, dialy_fee: 2 }, /^Campo desconhecido dialy_fee: uma tarifa tem /],
    [{ name: "X", max_volume_l: 10 }, /^daily_fee é obrigatório: sem ele a taxa diária seria 0/],
    [{ name: "X", daily_fee: null }, /^daily_fee é obrigatório: /],
  ])("refuses %j with 400 and stores nothing", async (body, message) => {
    const before = await dumpTable(db.ref);

    const response = await createTariff(body, STRICT);

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.stringMatching(message) });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("writes the refusal in English on Accept-Language: en", async () => {
    const response = await createTariff({ name: "X", max_volume_l: 10 }, { ...STRICT, "accept-language": "en" });

    expect(response.statusCode).toBe(400);
    expect(response.headers).toMatchObject({ "content-language": "en" });
    expect(response.body).toEqual({
      success: false,
      error: "daily_fee is required: without it the daily fee would be 0 and so would the storage cost of every SKU the tariff covers (Prefer: handling=strict)",
    });
  });

  it("creates a complete tariff, still warning about an overlap", async () => {
    const existing = (await createTariff({ name: "Banda", min_volume_l: 5000, max_volume_l: 5100, daily_fee: 1 })).body.tariff;

    const response = await createTariff(
      { name: "Estrita", min_volume_l: 5060, max_volume_l: 5070, daily_fee: 0.3 },
      { prefer: 'return=minimal, Handling = "strict"' },
    );

    expect(response.statusCode).toBe(201);
    expect(response.body.tariff).toMatchObject({ name: "Estrita", daily_fee: 0.3 });
    expect(response.body.warning_details).toEqual([expect.objectContaining({ code: "tariff_overlap", params: expect.objectContaining({ other_id: existing.id, other_name: "Banda" }) })]);
  });

  it("accepts an explicit daily_fee of 0 as given", async () => {
    const response = await createTariff({ name: "Grátis", min_volume_l: 1, max_volume_l: 2, daily_fee: 0 }, STRICT);

    expect(response.statusCode).toBe(201);
    expect(response.body.warnings).toBeUndefined();
  });
});

describe("PUT /full/tariffs/{tariff_id} warnings and Prefer: handling=strict", () => {
  const ORIGINAL = { name: "Médio", min_volume_l: 10, max_volume_l: 50, daily_fee: 0.35, inbound_fee: 1 };

  it("names the assumptions of a lenient update and the active tariffs it now overlaps", async () => {
    const id = (await createTariff(ORIGINAL)).body.tariff.id;
    const neighbour = (await createTariff({ name: "Grande", min_volume_l: 50, max_volume_l: 200, daily_fee: 0.5 })).body.tariff;
    const warn = vi.spyOn(logger, "warn");

    const response = await updateTariff(id, { max_volume_l: "", daily_fee: null }, { "accept-language": "en" });

    expect(response.statusCode).toBe(200);
    expect(response.body.tariff).toMatchObject({ id, max_volume_l: null, daily_fee: 0 });
    expect(response.body.warnings).toEqual([
      "daily_fee was not given: the daily fee is 0, so the storage cost of every SKU this tariff covers will be 0",
      "max_volume_l was not given: the tariff has no upper volume bound",
      expect.stringContaining(`overlaps the active tariff ${neighbour.id} "Grande" (50–200 L)`),
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("says a body that is not JSON changed nothing", async () => {
    const id = (await createTariff(ORIGINAL)).body.tariff.id;

    const response = await updateTariff(id, "{truncated");

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      success: true,
      tariff: expect.objectContaining(ORIGINAL),
      version: expect.objectContaining({ tariff_id: expect.any(Number), version: expect.any(Number), actor: "local" }),
      warnings: ["O corpo não é JSON válido: foi lido como um objeto vazio"],
      warning_details: [{ code: "body_not_json", params: {}, text: "O corpo não é JSON válido: foi lido como um objeto vazio" }],
    });
  });

  it.each([
    ["{truncated", /^O corpo não é JSON válido \(Prefer: handling=strict\)$/],
    [{ daily_fee: 0.4, colour: "blue" }, /^Campo desconhecido colour: uma tarifa tem /],
    [{ daily_fee: "" }, /^daily_fee é obrigatório: /],
  ])("refuses %j with 400 under strict handling and changes nothing", async (body, message) => {
    const id = (await createTariff(ORIGINAL)).body.tariff.id;
    const before = await dumpTable(db.ref);

    const response = await updateTariff(id, body, STRICT);

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.stringMatching(message) });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("applies a partial strict update without daily_fee", async () => {
    const id = (await createTariff(ORIGINAL)).body.tariff.id;

    const response = await updateTariff(id, { name: "Médio 2" }, STRICT);

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ success: true, tariff: expect.objectContaining({ ...ORIGINAL, name: "Médio 2" }), version: expect.objectContaining({ tariff_id: expect.any(Number), version: expect.any(Number), actor: "local" }) });
    expect((await listTariffs()).body.tariffs).toEqual([response.body.tariff]);
  });
});
