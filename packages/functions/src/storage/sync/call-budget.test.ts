import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { withScope } from "../scope.js";
import { scopeOfUser } from "../sellers.js";
import { takeCall, takeCalls } from "./call-budget.js";

const db = useTestTable("call-budget", "test");

describe("the marketplace call budget", () => {
  it("is the application's: runs of different sellers take their calls from one counter per minute", async () => {
    const minute = 1_800_000_000_000;
    const take = (seller: string) => withScope(seller, () => takeCall(db.ref, minute, 3));

    const taken = [await take(""), await take(scopeOfUser("2")), await take(scopeOfUser("3")), await take("")];
    const nextMinute = await withScope(scopeOfUser("2"), () => takeCall(db.ref, minute + 60_000, 3));

    expect(taken).toEqual([true, true, true, false]);
    expect(nextMinute).toBe(true);
  });
});

describe("taking calls several at a time", () => {
  it("takes the whole block while the minute has room for it, then one, then none", async () => {
    const minute = 1_800_000_060_000;
    const take = (wanted: number) => takeCalls(db.ref, minute, 25, wanted);

    expect([await take(10), await take(10), await take(10), await take(10), await take(10)]).toEqual([10, 10, 1, 1, 1]);
    expect([await take(10), await take(1)]).toEqual([1, 1]);
    expect(await take(10)).toBe(0);
  });
});
