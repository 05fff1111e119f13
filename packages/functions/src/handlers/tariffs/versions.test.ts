import { describe, expect, it } from "vitest";
import { Time } from "@fulfillment/core";
import { useTestTable } from "#test/table";
import { ad, inventory, load } from "#test/fixtures";
import { dumpTable } from "#test/dump";
import { createTariff, deleteTariff, listTariffs, tariffHistory, updateTariff } from "#test/tariffs";
import { listMetricsBySku } from "#storage/metrics";
import { recomputeCosts } from "#services/sync/finalize";
import { listAllAds } from "#storage/ads";
import { apiEvent, lambdaContext } from "#test/events";
import { handler as createHandler } from "./create.js";
import { handler as updateHandler } from "./update.js";
import { handler as deleteHandler } from "./delete.js";

/**
 * Issue 28, tariffs by effective date: a change carries effective_from (default today) and makes a
 * new version from that day; earlier versions stay; GET /full/tariffs answers the tariffs in force
 * today or ?at= a day; GET /full/tariffs/history lists every version with its actor, request id and time.
 */

const db = useTestTable("tariff-versions", "test");

const today = () => Time.calendarDay(Time.DEFAULT_TIME_ZONE, new Date());
const inDays = (days: number) => Time.addDays(today(), days);
const namesOn = async (at?: string) =>
  (await listTariffs(at ? { at } : undefined)).body.tariffs.map((t: { name: string; daily_fee: number }) => `${t.name} ${t.daily_fee}`);

describe("tariff versions", () => {
  it("a tariff dated ahead is in force only from its day; GET /full/tariffs answers today's, ?at= another day's", async () => {
    // Act
    const created = await createTariff({ name: "Dezembro", daily_fee: 0.2, effective_from: inDays(10) });

    // Assess: SPEC's answer with the version beside it.
    expect(created.statusCode).toBe(201);
    expect(created.body.version).toEqual({
      tariff_id: created.body.tariff.id,
      version: 1,
      effective_from: inDays(10),
      action: "create",
      actor: "local",
      recorded_at: expect.any(String),
    });
    expect(await namesOn()).toEqual([]);
    expect(await namesOn(inDays(9))).toEqual([]);
    expect(await namesOn(inDays(10))).toEqual(["Dezembro 0.2"]);
    expect(await namesOn(inDays(40))).toEqual(["Dezembro 0.2"]);
  });

  it("an update dated ahead keeps today's version until its day, and earlier versions stay as they were", async () => {
    // Prepare
    const id = (await createTariff({ name: "Médio", daily_fee: 0.35, effective_from: inDays(-30) })).body.tariff.id;

    // Act: next month's fee entered today, and a correction dated in the past.
    const ahead = await updateTariff(id, { daily_fee: 0.5, effective_from: inDays(5) });
    const correction = await updateTariff(id, { name: "Médio corrigido", effective_from: inDays(-10) });

    // Assess
    expect(ahead.statusCode).toBe(200);
    expect(ahead.body.tariff).toMatchObject({ id, name: "Médio", daily_fee: 0.5 });
    expect(ahead.body.version).toMatchObject({ version: 2, effective_from: inDays(5), action: "update" });
    // The correction applies to the version in force on its day: the fee of that day, not next month's.
    expect(correction.body.tariff).toMatchObject({ name: "Médio corrigido", daily_fee: 0.35 });
    expect(await namesOn(inDays(-20))).toEqual(["Médio 0.35"]);
    expect(await namesOn(inDays(-10))).toEqual(["Médio corrigido 0.35"]);
    expect(await namesOn()).toEqual(["Médio corrigido 0.35"]);
    // From the day ahead, the version recorded for it (its fields as entered) is in force.
    expect(await namesOn(inDays(5))).toEqual(["Médio 0.5"]);
  });

  it("a delete dated ahead leaves the tariff in force until the day before", async () => {
    const id = (await createTariff({ name: "Saindo", daily_fee: 0.1, effective_from: inDays(-3) })).body.tariff.id;

    const response = await deleteTariff(id, { effective_from: inDays(3) });

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ success: true, version: expect.objectContaining({ action: "delete", effective_from: inDays(3) }) });
    expect(await namesOn()).toEqual(["Saindo 0.1"]);
    expect(await namesOn(inDays(2))).toEqual(["Saindo 0.1"]);
    expect(await namesOn(inDays(3))).toEqual([]);
    // Deleted from that day: a change dated after it names no tariff.
    expect((await updateTariff(id, { daily_fee: 1, effective_from: inDays(4) })).statusCode).toBe(404);
  });

  it("GET /full/tariffs/history lists every version with its actor, time and day, marking the ones in force today", async () => {
    await load(db.ref, { tariffs: [{ id: 7, name: "Carregada", daily_fee: 0.05 }] });
    const id = (await createTariff({ name: "Nova", daily_fee: 0.2 })).body.tariff.id;
    await updateTariff(id, { daily_fee: 0.3, effective_from: inDays(7) });
    await updateTariff(7, { daily_fee: 0.06 });

    const response = await tariffHistory();

    expect(response.statusCode).toBe(200);
    expect(response.body.today).toBe(today());
    const rows = response.body.versions.map((v: Record<string, unknown>) => [v.tariff_id, v.version, v.effective_from, v.action, v.actor, (v.tariff as { daily_fee: number }).daily_fee, v.in_force]);
    expect(rows).toEqual([
      [7, 0, null, "create", "system", 0.05, false],
      [7, 1, today(), "update", "local", 0.06, true],
      [id, 1, today(), "create", "local", 0.2, true],
      [id, 2, inDays(7), "update", "local", 0.3, false],
    ]);
    for (const version of response.body.versions.filter((v: { version: number }) => v.version > 0)) expect(Date.parse(version.recorded_at)).not.toBeNaN();
  });

  it("GET /full/tariffs/history shows the id of the request that recorded each version, beside its actor", async () => {
    // Prepare: the events are built here so that their request ids are known.
    await load(db.ref, { tariffs: [{ id: 7, name: "Carregada", daily_fee: 0.05 }] });
    const create = apiEvent({ method: "POST", path: "/full/tariffs", body: { name: "Nova", daily_fee: 0.2 } });
    const created = JSON.parse(((await createHandler(create, lambdaContext())) as { body: string }).body);
    const id = String(created.tariff.id);
    const update = apiEvent({ method: "PUT", path: `/full/tariffs/${id}`, pathParameters: { tariff_id: id }, body: { daily_fee: 0.3 } });
    const remove = apiEvent({ method: "DELETE", path: `/full/tariffs/${id}`, pathParameters: { tariff_id: id }, query: { effective_from: inDays(3) } });

    // Act
    await updateHandler(update, lambdaContext());
    await deleteHandler(remove, lambdaContext());
    const response = await tariffHistory();

    // Assess: version 0 of a loaded tariff was recorded by no request; the write answers keep their shape.
    const rows = response.body.versions.map((v: Record<string, unknown>) => [v.tariff_id, v.version, v.action, v.actor, v.request_id]);
    expect(rows).toEqual([
      [7, 0, "create", "system", null],
      [created.tariff.id, 1, "create", "local", create.requestContext.requestId],
      [created.tariff.id, 2, "update", "local", update.requestContext.requestId],
      [created.tariff.id, 3, "delete", "local", remove.requestContext.requestId],
    ]);
    expect(created.version).not.toHaveProperty("request_id");
  });

  it.each([["31/12/2026"], ["2026-02-30"], ["amanhã"], [20261201]])("refuses effective_from %j with 400 and stores nothing", async (day) => {
    const id = (await createTariff({ name: "Fixa", daily_fee: 0.1 })).body.tariff.id;
    const before = await dumpTable(db.ref);

    const created = await createTariff({ name: "X", daily_fee: 1, effective_from: day });
    const updated = await updateTariff(id, { daily_fee: 2, effective_from: day });
    const deleted = await deleteTariff(id, { effective_from: String(day) });

    for (const response of [created, updated, deleted]) {
      expect(response.statusCode).toBe(400);
      expect(response.body).toEqual({ success: false, error: expect.stringContaining("effective_from") });
    }
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("refuses ?at= that is not a day with 400", async () => {
    const response = await listTariffs({ at: "2026-13-01" });

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.stringContaining("at deve ser um dia AAAA-MM-DD") });
  });
});

describe("the cost engine charges the tariff in force on the day", () => {
  it("a sync today uses today's version; on the day of a version dated ahead, that version", async () => {
    // Prepare: one SKU of 1 L; its tariff's fee changes from 0.10 to 0.40 in three days.
    await load(db.ref, {
      ads: [ad({ id: "MLB1", sku: "A", length_mm: 100, width_mm: 100, height_mm: 100 })],
      inventory: [inventory({ inventory_id: "I1", ad_id: "MLB1", sku: "A", available_qty: 10, days_of_stock: 20 })],
    });
    const id = (await createTariff({ name: "Pequeno", daily_fee: 0.1, effective_from: inDays(-1) })).body.tariff.id;
    await updateTariff(id, { daily_fee: 0.4, effective_from: inDays(3) });
    const ads = await listAllAds(db.ref);

    // Act
    await recomputeCosts(db.ref, ads, new Date());
    const now = (await listMetricsBySku(db.ref)).get("A");
    await recomputeCosts(db.ref, ads, new Date(Date.now() + 3 * 86_400_000));
    const then = (await listMetricsBySku(db.ref)).get("A");

    // Assess: storage_cost = daily_fee × 20 / 2 + inbound 0.
    expect(now).toMatchObject({ storage_cost: 1 });
    expect(then).toMatchObject({ storage_cost: 4 });
  });
});
