import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { load } from "#test/fixtures";
import { TARIFF_FIELDS, createTariff, listTariffs } from "#test/tariffs";

const db = useTestTable("tariff-list");

describe("GET /full/tariffs", () => {
  it("answers an empty list when there are no tariffs", async () => {
    const response = await listTariffs();

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ tariffs: [] });
  });

  it("lists every tariff by min_volume_l ascending, each with all nine fields", async () => {
    // Prepare: created out of order.
    for (const min of [50, 0, 10.5, 5, 200]) expect((await createTariff({ name: `from ${min}`, min_volume_l: min })).statusCode).toBe(201);

    const response = await listTariffs();

    expect(response.statusCode).toBe(200);
    expect(response.body.tariffs.map((t: { min_volume_l: number }) => t.min_volume_l)).toEqual([0, 5, 10.5, 50, 200]);
    expect(response.body.tariffs.map((t: { name: string }) => t.name)).toEqual(["from 0", "from 5", "from 10.5", "from 50", "from 200"]);
    for (const tariff of response.body.tariffs) expect(Object.keys(tariff)).toEqual(TARIFF_FIELDS);
  });

  it("outputs unset fees as null", async () => {
    await load(db.ref, {
      tariffs: [{ id: 900, name: "Sem taxa", min_volume_l: 1000, max_volume_l: null, daily_fee: null, inbound_fee: null }],
    });

    const response = await listTariffs();

    expect(response.body.tariffs.at(-1)).toEqual({
      id: 900,
      name: "Sem taxa",
      min_volume_l: 1000,
      max_volume_l: null,
      daily_fee: null,
      inbound_fee: null,
      aged_days_threshold: 90,
      aged_daily_factor: 3,
      active: true,
    });
  });

  it("gives a tariff created after loaded ones an id none of them holds", async () => {
    const response = await createTariff({ name: "after load" });

    expect(response.statusCode).toBe(201);
    expect(response.body.tariff.id).toBeGreaterThan(900);
  });
});
