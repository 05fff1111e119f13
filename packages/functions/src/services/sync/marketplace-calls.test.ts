import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { takeCall } from "#storage/sync/call-budget";
import { budgetedFetch, CALLS_PER_TAKE } from "./marketplace-calls.js";

const db = useTestTable("marketplace-calls", "test");

describe("the budgeted fetch", () => {
  it("spends the minute's budget to the last call, taking calls several at a time, then waits for the next minute", async () => {
    // Prepare: a clock at the start of a minute that only the wait moves on
    const minute = 1_800_000_120_000;
    let now = minute;
    const waits: number[] = [];
    const sent: number[] = [];
    const fetch = budgetedFetch(db.ref, { maxCalls: 25, now: () => now, sleep: async (ms) => void (waits.push(ms), (now += ms)) }, async () => {
      sent.push(now);
      return new Response("{}");
    });

    // Act
    for (let i = 0; i < 30; i++) await fetch("http://marketplace.local/users/me");

    // Assess: 25 calls in the first minute, the other 5 after one wait, and the first minute's budget spent
    expect(CALLS_PER_TAKE).toBeGreaterThan(1);
    expect(sent.filter((at) => at < minute + 60_000)).toHaveLength(25);
    expect(sent.filter((at) => at >= minute + 60_000)).toHaveLength(5);
    expect(waits).toEqual([60_001]);
    expect(await takeCall(db.ref, minute, 25)).toBe(false);
  });

  it("never sends more than the budget when several clients share it", async () => {
    // Prepare: three clients (three shards or sellers) on one frozen minute
    const minute = 1_800_000_180_000;
    let sent = 0;
    const clients = Array.from({ length: 3 }, () =>
      budgetedFetch(db.ref, { maxCalls: 40, now: () => minute, sleep: () => Promise.reject(new Error("spent")) }, async () => {
        sent++;
        return new Response("{}");
      }),
    );

    // Act: each client asks for 20 calls at once
    const outcomes = await Promise.allSettled(clients.flatMap((fetch) => Array.from({ length: 20 }, () => fetch("http://marketplace.local/users/me"))));

    // Assess
    expect(sent).toBeLessThanOrEqual(40);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(sent);
  });
});
