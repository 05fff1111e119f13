/**
 * A flood of notifications, as issue 38's faults name it (10,000 in a minute), at the same rate and
 * smaller: the pieces npm start runs (the gateway over HTTP, the local queue and the deployed
 * consumer, the sandbox marketplace) take every notification with 200, apply every operation
 * once, and end in the stock a full sync of the same marketplace state builds. The burst's own
 * timings are the bench's (`npm run bench:notifications`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Time } from "@fulfillment/core";
import { localEndpoint } from "#test/table";
import { measureDrift, startService, type Service } from "@fulfillment/local/bench/notifications";
import { listInventory } from "@fulfillment/functions/storage/inventory";
import { notificationCounts, resetNotificationCounts } from "@fulfillment/functions/services/notifications/tally";
import type { SandboxNotification } from "@fulfillment/local/sandbox/index";
import { adId, isLeftover } from "@fulfillment/local/bench/dataset";

const INVENTORIES = 120;
const NOTIFICATIONS = 500;
/** About 167 a second, the rate of 10,000 in a minute. */
const SPACING_MS = 6;

let service: Service;

beforeAll(async () => {
  vi.stubEnv("POWERTOOLS_LOG_LEVEL", "SILENT");
  service = await startService(localEndpoint(), Time.calendarDay("America/Sao_Paulo", new Date()), INVENTORIES, { sync: true });
}, 180_000);

afterAll(async () => {
  await service?.stop();
  vi.unstubAllEnvs();
});

describe("a burst of notifications", () => {
  it("is answered 200 throughout, every operation applied once, and a full sync afterwards finds no drift", { timeout: 240_000 }, async () => {
    // Prepare: the operations recorded in the marketplace, their notifications held back.
    const { sandbox } = service;
    sandbox.notifications.hold();
    const expected = new Map<string, number>();
    for (let n = 0; n < NOTIFICATIONS; n++) {
      let index = (n * 7 + 3) % INVENTORIES;
      while (isLeftover(index)) index = (index + 1) % INVENTORIES;
      let recorded;
      try {
        recorded = sandbox.record({ kind: n % 3 === 2 ? "sale" : "reception", adId: adId(index), quantity: 1 });
      } catch {
        recorded = sandbox.record({ kind: "reception", adId: adId(index), quantity: 1 });
      }
      expected.set(recorded.operation.inventory_id, recorded.after);
    }
    const notifications: SandboxNotification[] = sandbox.notifications.take();
    resetNotificationCounts();

    // Act: sent at even intervals, not waiting for the answers (the marketplace does not).
    const answers: Promise<number>[] = [];
    for (const notification of notifications) {
      answers.push(
        fetch(`${service.url}/marketplace/notifications`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(notification) }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, SPACING_MS));
    }
    const statuses = await Promise.all(answers);
    await service.queue.settled();

    // Assess
    expect(notifications.length).toBe(NOTIFICATIONS);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const counts = notificationCounts();
    expect((counts.applied ?? 0) + (counts.unchanged ?? 0)).toBe(NOTIFICATIONS);
    expect(service.queue.deadLetters).toEqual([]);
    const stored = await listInventory(service.setup, ["inventory_id", "available_qty"]);
    const differing = stored.filter((record) => expected.has(record.inventory_id) && expected.get(record.inventory_id) !== record.available_qty);
    expect(differing).toEqual([]);
    const drift = await measureDrift(service);
    expect({ drifted: drift.drifted, recordsChanged: drift.recordsChanged }).toEqual({ drifted: 0, recordsChanged: 0 });
  });
});
