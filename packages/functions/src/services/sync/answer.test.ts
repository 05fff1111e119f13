import { afterEach, describe, expect, it, vi } from "vitest";
import type { SandboxItem } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { fullAd } from "#test/fixtures";
import { syncToTheEnd } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { faultyTable } from "#test/sdk-faults";
import { readLease } from "#storage/lease";
import { readState } from "#storage/changes";
import { READ_MODEL_LEASE } from "#services/read-model/refresh";
import { currentView } from "#services/read-model/view";
import { warningsView } from "#services/read-model/warnings";

/**
 * A sync answers with its result once its execution has ended, not as soon as the run record is
 * closed: the overview's warnings are rebuilt after the close, and a read right after the answer
 * finds them current and the views' lease free.
 */

const db = useTestTable("sync-answer", "test");
const items: SandboxItem[] = [{ id: "MLB1", inventory_id: "INV1", stock: { available: 4 } }];
const { seed } = useSyncSandbox(db, { items });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the sync's answer", () => {
  it("comes once the execution has ended: the overview's warnings current and the views' lease free", async () => {
    // Prepare: the views' lease taken at once by the rebuild before the close, and throttled twice
    // for the rebuild of the warnings after it (the SDK backs off 0.5 s, then 1 s).
    await seed(items, [fullAd("MLB1")]);
    const { ref, faults } = faultyTable(db.ref);
    const readModelLease = (input: Record<string, any>): boolean => input.Item?.pk?.S === "LEASE" && input.Item?.sk?.S === READ_MODEL_LEASE;
    faults.failAttempts("PutItemCommand", 2, { after: 1, when: readModelLease });
    vi.spyOn(Math, "random").mockReturnValue(0.5);

    // Act
    const result = await syncToTheEnd(ref, { marketplace: { timeoutMs: 10_000, maxRetries: 1, backoffBaseMs: 1, backoffMaxMs: 5 } });

    // Assess
    expect(result.success).toBe(true);
    expect(faults.pending()).toBe(0);
    expect(currentView(await readState(db.ref), warningsView)).toBeDefined();
    expect(await readLease(db.ref, READ_MODEL_LEASE)).toBeUndefined();
  });
});
