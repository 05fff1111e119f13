import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { createTariff, deleteTariff, listTariffs } from "#test/tariffs";

useTestTable("tariff-delete");

const listedIds = async () => (await listTariffs()).body.tariffs.map((t: { id: number }) => t.id);

describe("DELETE /full/tariffs/{tariff_id}", () => {
  it("deletes a tariff once; the second delete answers 404 and the tariff is gone", async () => {
    const keep = (await createTariff({ name: "keep" })).body.tariff.id;
    const gone = (await createTariff({ name: "gone" })).body.tariff.id;

    const first = await deleteTariff(gone);
    const second = await deleteTariff(gone);

    expect(first.statusCode).toBe(200);
    expect(first.body).toEqual({ success: true, version: expect.objectContaining({ action: "delete", actor: "local" }) });
    expect(second.statusCode).toBe(404);
    expect(second.body).toEqual({ success: false, error: expect.any(String) });
    expect(await listedIds()).toEqual([keep]);
  });

  it("answers 404 for an id that never existed", async () => {
    const response = await deleteTariff(123_456);

    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ success: false, error: expect.any(String) });
  });

  it.each([["abc"], ["1.5"], ["-1"], ["0"], [""]])("answers 404 for the tariff id %j and deletes nothing", async (raw) => {
    const before = await listedIds();

    const response = await deleteTariff(raw);

    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ success: false, error: expect.any(String) });
    expect(await listedIds()).toEqual(before);
  });

  it("does not reuse the id of a deleted tariff", async () => {
    const first = (await createTariff({ name: "first" })).body.tariff.id;
    await deleteTariff(first);

    const next = (await createTariff({ name: "next" })).body.tariff.id;

    expect(next).not.toBe(first);
  });
});
