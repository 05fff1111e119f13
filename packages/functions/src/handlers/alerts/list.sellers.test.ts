import { describe, expect, it } from "vitest";
import { Alerts } from "@fulfillment/core";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { applyAlertDiff } from "#storage/alerts/state";
import { withScope } from "#storage/scope";
import { connectedSellers, registerSeller } from "#storage/sellers";
import { handler } from "./list.js";

const db = useTestTable("alerts-sellers");
const A = { user_id: "111111", nickname: "LOJA_A" };
const B = { user_id: "222222", nickname: "LOJA_B" };

const alerts = (query?: Record<string, string>, headers?: Record<string, string>) => invoke(handler, { path: "/alerts", query, headers });

/** Opens a sync alert of a seller at `at`, as its derivation would store it. */
async function openFor(userId: string, kind: "sync_failed" | "sync_stale", at: string): Promise<void> {
  const seller = (await connectedSellers(db.ref)).find((candidate) => candidate.user_id === userId)!;
  const alert = { id: kind, kind, sku: null, severity: "warning" as const, level: 1, message: `${kind} of ${userId}`, message_detail: null, figures: null };
  await withScope(seller.scope, () => applyAlertDiff(db.ref, Alerts.diffAlerts([], [alert], at)));
}

describe("GET /alerts with seller_id=all", () => {
  it("lists every seller's open alerts, each naming its seller, the most recently changed first, filtered alike", async () => {
    // Prepare
    await registerSeller(db.ref, A);
    await registerSeller(db.ref, B);
    await openFor(A.user_id, "sync_stale", "2026-11-20T10:00:00.000Z");
    await openFor(B.user_id, "sync_stale", "2026-11-21T10:00:00.000Z");
    await openFor(B.user_id, "sync_failed", "2026-11-19T10:00:00.000Z");

    // Act
    const all = await alerts({ seller_id: "all" });
    const stale = await alerts({ seller_id: "all", kind: "sync_stale" });
    const ownA = await alerts(undefined, { "x-seller-id": A.user_id });

    // Assess
    expect(all.statusCode).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.alerts.map((alert: { kind: string; seller_id: string }) => [alert.kind, alert.seller_id])).toEqual([
      ["sync_stale", B.user_id],
      ["sync_stale", A.user_id],
      ["sync_failed", B.user_id],
    ]);
    expect(stale.body.alerts.map((alert: { seller_id: string }) => alert.seller_id)).toEqual([B.user_id, A.user_id]);
    expect(ownA.body).toMatchObject({ count: 1, alerts: [{ kind: "sync_stale", message: `sync_stale of ${A.user_id}` }] });
    expect(ownA.body.alerts[0]).not.toHaveProperty("seller_id");
  });
});
