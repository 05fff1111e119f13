import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { apiEvent, invoke, lambdaContext } from "#test/events";
import { dumpTable } from "#test/dump";
import { ad, inventory, load } from "#test/fixtures";
import { listPlanning } from "#storage/planning";
import { handler } from "./sku-planning.js";
import { handler as restockPlan } from "./restock-plan.js";

const db = useTestTable("sku-planning");

const NOW = new Date("2026-11-21T15:00:00Z");

const put = (sku: string, body: unknown) =>
  invoke(handler, { method: "PUT", path: `/full/skus/${encodeURIComponent(sku)}/planning`, pathParameters: { sku }, body: body as object });
const planLine = async (sku: string) =>
  (await invoke(restockPlan, { path: "/full/restock-plan" })).body.items.find((line: { sku: string }) => line.sku === sku);

describe("PUT /full/skus/{sku}/planning", () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it("stores the fields given and answers the SKU's parameters", async () => {
    // Act
    const response = await put("PISC-CLORO 10KG/A", { case_pack: 12, lead_time_days: 20, snooze_until: "2026-12-01" });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      success: true,
      planning: { sku: "PISC-CLORO 10KG/A", case_pack: 12, lead_time_days: 20, snooze_until: "2026-12-01", updated_at: NOW.toISOString() },
    });
    expect((await listPlanning(db.ref)).find((planning) => planning.sku === "PISC-CLORO 10KG/A")).toEqual(response.body.planning);
  });

  it("stores on the record who made the change and in which request, without answering them", async () => {
    // Prepare: the event is built here so that its request id is known.
    await put("WHO", { case_pack: 4 });
    const event = apiEvent({ method: "PUT", path: "/full/skus/WHO/planning", pathParameters: { sku: "WHO" }, body: { lead_time_days: 7 } });

    // Act
    const response = (await handler(event, lambdaContext())) as { statusCode: number; body: string };

    // Assess: the open local API names its actor `local`; the request id is the event's.
    const stored = (await dumpTable(db.ref)).find((item) => item.kind === "planning" && item.sku === "WHO");
    expect(stored).toMatchObject({ case_pack: 4, lead_time_days: 7, actor: "local", request_id: event.requestContext.requestId });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).planning).toEqual({ sku: "WHO", case_pack: 4, lead_time_days: 7, snooze_until: null, updated_at: NOW.toISOString() });
  });

  it("changes only the fields given; null clears one", async () => {
    // Prepare
    await put("A", { case_pack: 6, lead_time_days: 9 });

    // Act
    const response = await put("A", { lead_time_days: null, snooze_until: "2026-11-25" });

    // Assess
    expect(response.body.planning).toMatchObject({ sku: "A", case_pack: 6, lead_time_days: null, snooze_until: "2026-11-25" });
  });

  it("is what the restock plan plans with", async () => {
    // Prepare: 1/day, 2 in Full, 80 local; lead time 15 and auto safety ⌈1.5 × √15⌉ = 6 by default.
    await load(db.ref, {
      ads: [ad({ id: "MLB1", sku: "PLAN", sales_30d: 30 })],
      inventory: [inventory({ inventory_id: "I1", ad_id: "MLB1", sku: "PLAN", available_qty: 2 })],
      local_stock: [{ sku: "PLAN", warehouse: "CD", available: 80 }],
    });
    const before = await planLine("PLAN");

    // Act
    await put("PLAN", { case_pack: 25, lead_time_days: 1, snooze_until: "2026-11-21" });
    const after = await planLine("PLAN");

    // Assess: before, 30 + 6 needed; after, lead time 1 (safety ⌈1.5 × √1⌉ = 2, 1 left at arrival):
    // 30 + 2 − 1 = 31, in cases of 25 → 50.
    expect(before).toMatchObject({ case_pack: null, lead_time_days: 15, safety_units: 6, quantity: 36, status: "ship_now" });
    expect(after).toMatchObject({ case_pack: 25, lead_time_days: 1, safety_units: 2, quantity_needed: 31, quantity: 50, status: "snoozed", snooze_until: "2026-11-21" });
  });

  it.each([
    ["not JSON", "{case_pack: 12", "objeto JSON"],
    ["an array", "[1, 2]", "objeto JSON"],
    ["no body", undefined, "objeto JSON"],
    ["an empty object", {}, "Nada a alterar: informe algum de"],
    ["an unknown field", { casepack: 12 }, 'Campo desconhecido "casepack": os campos são'],
    ["a zero case pack", { case_pack: 0 }, "case_pack deve ser um número inteiro de unidades de 1 a 10000"],
    ["a fractional case pack", { case_pack: 1.5 }, "case_pack"],
    ["a case pack as text", { case_pack: "12" }, "case_pack"],
    ["a huge case pack", { case_pack: 1e9 }, "case_pack"],
    ["a negative lead time", { lead_time_days: -1 }, "lead_time_days deve ser um número inteiro de dias de 0 a 365"],
    ["a lead time over a year", { lead_time_days: 366 }, "lead_time_days"],
    ["an impossible date", { snooze_until: "2026-02-30" }, "snooze_until deve ser uma data escrita AAAA-MM-DD"],
    ["a date-time", { snooze_until: "2026-12-01T00:00:00Z" }, "snooze_until"],
    ["a good field beside a bad one", { case_pack: 12, lead_time_days: "soon" }, "lead_time_days"],
  ])("refuses %s with 400 naming the cause, and stores nothing", async (_name, body, message) => {
    // Prepare
    const before = await dumpTable(db.ref);

    // Act
    const response = await put("B", body);

    // Assess
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.stringContaining(message) });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("refuses a blank SKU and one too long to be a key", async () => {
    const blank = await put(" ", { case_pack: 2 });
    const long = await put("x".repeat(201), { case_pack: 2 });

    expect(blank).toMatchObject({ statusCode: 400, body: { success: false, error: "O SKU no caminho não pode ser vazio" } });
    expect(long).toMatchObject({ statusCode: 400, body: { success: false, error: expect.stringContaining("tem mais de 200 caracteres") } });
  });
});
