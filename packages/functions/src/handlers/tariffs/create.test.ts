import { describe, expect, it } from "vitest";
import { tariffRecord } from "@fulfillment/core/test-records";
import { useTestTable } from "#test/table";
import { TARIFF_FIELDS, createTariff, listTariffs } from "#test/tariffs";

useTestTable("tariff-create");

// SPEC 2.6: every default of a created tariff.
const { id: _id, ...DEFAULTS } = tariffRecord(0);

describe("POST /full/tariffs", () => {
  it("creates a tariff with every default from an empty body, all nine fields in order", async () => {
    const response = await createTariff({});

    expect(response.statusCode).toBe(201);
    expect(response.body).toEqual({ success: true, tariff: { id: expect.any(Number), ...DEFAULTS }, version: expect.objectContaining({ tariff_id: expect.any(Number), version: expect.any(Number), actor: "local" }), warnings: expect.any(Array), warning_details: expect.any(Array) });
    expect(Object.keys(response.body.tariff)).toEqual(TARIFF_FIELDS);
    expect(Number.isInteger(response.body.tariff.id)).toBe(true);
    const listed = (await listTariffs()).body.tariffs.find((t: { id: number }) => t.id === response.body.tariff.id);
    expect(listed).toEqual(response.body.tariff);
  });

  it.each([["{not json"], ["[1, 2]"], ['"text"'], ["null"], [""]])("treats the body %j as an empty object, and says so", async (body) => {
    const response = await createTariff(body);

    expect(response.statusCode).toBe(201);
    expect(response.body).toEqual({ success: true, tariff: { id: expect.any(Number), ...DEFAULTS }, version: expect.objectContaining({ tariff_id: expect.any(Number), version: expect.any(Number), actor: "local" }), warnings: expect.any(Array), warning_details: expect.any(Array) });
    expect(response.body.warning_details[0].code).toMatch(/^body_not_(json|object)$/);
  });

  it("treats a missing body as an empty object", async () => {
    const response = await createTariff();

    expect(response.statusCode).toBe(201);
    expect(response.body.tariff).toMatchObject(DEFAULTS);
  });

  it("keeps given values and converts numeric text to numbers", async () => {
    const response = await createTariff({
      name: "Pequeno",
      min_volume_l: "0.5",
      max_volume_l: "3",
      daily_fee: "0.12",
      inbound_fee: 1.25,
      aged_days_threshold: "120",
      aged_daily_factor: "1.5",
      active: false,
    });

    expect(response.statusCode).toBe(201);
    expect(response.body.tariff).toEqual({
      id: expect.any(Number),
      name: "Pequeno",
      min_volume_l: 0.5,
      max_volume_l: 3,
      daily_fee: 0.12,
      inbound_fee: 1.25,
      aged_days_threshold: 120,
      aged_daily_factor: 1.5,
      active: false,
    });
  });

  it("turns falsy values into the defaults", async () => {
    const response = await createTariff({
      min_volume_l: null,
      max_volume_l: "",
      daily_fee: 0,
      inbound_fee: "",
      aged_days_threshold: 0,
      aged_daily_factor: 0,
    });

    expect(response.statusCode).toBe(201);
    expect(response.body.tariff).toMatchObject({ ...DEFAULTS, active: true });
  });

  it("keeps a max_volume_l of 0 as 0, not as an open bound", async () => {
    const response = await createTariff({ max_volume_l: 0 });

    expect(response.body.tariff.max_volume_l).toBe(0);
  });

  it.each([
    [{ daily_fee: "abc" }],
    [{ min_volume_l: "12kg" }],
    [{ inbound_fee: { amount: 1 } }],
    [{ aged_daily_factor: "três" }],
    [{ max_volume_l: "NaN" }],
  ])("answers 400 for the unconvertible body %j and stores nothing", async (body) => {
    const before = (await listTariffs()).body.tariffs;

    const response = await createTariff(body);

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.any(String) });
    expect((await listTariffs()).body.tariffs).toEqual(before);
  });

  it("gives 20 concurrent creates 20 distinct ids", async () => {
    const before = (await listTariffs()).body.tariffs.length;

    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => createTariff({ name: `Concurrent ${i}`, min_volume_l: i })));

    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = responses.map((r) => r.body.tariff.id as number);
    expect(new Set(ids).size).toBe(20);
    const listed = (await listTariffs()).body.tariffs;
    expect(listed).toHaveLength(before + 20);
    for (let i = 0; i < 20; i++) {
      expect(listed.find((t: { id: number }) => t.id === ids[i])).toMatchObject({ name: `Concurrent ${i}`, min_volume_l: i });
    }
  });
});
