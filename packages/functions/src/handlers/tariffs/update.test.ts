import { beforeEach, describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { TARIFF_FIELDS, createTariff, listTariffs, updateTariff } from "#test/tariffs";

useTestTable("tariff-update");

const ORIGINAL = {
  name: "Médio",
  min_volume_l: 2,
  max_volume_l: 10,
  daily_fee: 0.35,
  inbound_fee: 1.1,
  aged_days_threshold: 120,
  aged_daily_factor: 2.5,
  active: true,
};

const stored = async (id: number) => (await listTariffs()).body.tariffs.find((t: { id: number }) => t.id === id);

describe("PUT /full/tariffs/{tariff_id}", () => {
  let id: number;

  beforeEach(async () => {
    id = (await createTariff(ORIGINAL)).body.tariff.id;
  });

  it("changes only the fields present in the body", async () => {
    const response = await updateTariff(id, { daily_fee: "0.5", name: "Médio novo" });

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ success: true, tariff: { id, ...ORIGINAL, daily_fee: 0.5, name: "Médio novo" }, version: expect.objectContaining({ tariff_id: expect.any(Number), version: expect.any(Number), actor: "local" }) });
    expect(Object.keys(response.body.tariff)).toEqual(TARIFF_FIELDS);
    expect(await stored(id)).toEqual(response.body.tariff);
  });

  it("ignores an id in the body", async () => {
    const response = await updateTariff(id, { id: id + 1000, inbound_fee: 2 });

    expect(response.body.tariff).toEqual({ id, ...ORIGINAL, inbound_fee: 2 });
    expect(await stored(id + 1000)).toBeUndefined();
  });

  it.each([[0], [""], [null]])("turns daily_fee %j into 0", async (value) => {
    const response = await updateTariff(id, { daily_fee: value });

    expect(response.statusCode).toBe(200);
    expect(response.body.tariff).toEqual({ id, ...ORIGINAL, daily_fee: 0 });
  });

  it("applies the falsy conversions of create", async () => {
    const response = await updateTariff(id, {
      min_volume_l: 0,
      max_volume_l: "",
      inbound_fee: null,
      aged_days_threshold: 0,
      aged_daily_factor: "",
      active: "false",
    });

    expect(response.statusCode).toBe(200);
    expect(response.body.tariff).toEqual({
      id,
      name: ORIGINAL.name,
      min_volume_l: 0,
      max_volume_l: null,
      daily_fee: ORIGINAL.daily_fee,
      inbound_fee: 0,
      aged_days_threshold: 90,
      aged_daily_factor: 3,
      active: false,
    });
    expect(await stored(id)).toEqual(response.body.tariff);
  });

  it("turns active back on from text", async () => {
    await updateTariff(id, { active: false });

    const response = await updateTariff(id, { active: "true" });

    expect(response.body.tariff.active).toBe(true);
  });

  it.each([[{}], ["{not json"]])("leaves the tariff as it was for the body %j", async (body) => {
    const response = await updateTariff(id, body);

    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ success: true, tariff: { id, ...ORIGINAL } });
    expect(await stored(id)).toEqual({ id, ...ORIGINAL });
  });

  it.each([[{ daily_fee: "abc" }], [{ aged_days_threshold: "soon" }], [{ max_volume_l: "big" }]])(
    "answers 400 for the unconvertible body %j and changes nothing",
    async (body) => {
      const response = await updateTariff(id, { name: "should not stay", ...body });

      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({ success: false, error: expect.any(String) });
      expect(await stored(id)).toEqual({ id, ...ORIGINAL });
    },
  );

  it("answers 404 for an unknown id and creates nothing", async () => {
    const before = (await listTariffs()).body.tariffs;

    const response = await updateTariff(999_999, { name: "ghost" });

    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ success: false, error: expect.any(String) });
    expect((await listTariffs()).body.tariffs).toEqual(before);
  });

  it.each([["abc"], ["1.5"], ["-1"], ["0"], [""], ["1e2"]])("answers 404 for the tariff id %j", async (raw) => {
    const response = await updateTariff(raw, { name: "ghost" });

    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ success: false, error: expect.any(String) });
  });
});
