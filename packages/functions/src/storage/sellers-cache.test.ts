import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { faultyTable } from "#test/sdk-faults";
import { withTable } from "#storage/client";
import { withSeller } from "../http/seller.js";
import { ROUTES } from "../routes.js";
import { Entities } from "./keys.js";
import { currentScope } from "./scope.js";
import { cachedSellers, forgetSellers, registerSeller, scopeOfUser, SELLERS_CACHE_MS } from "./sellers.js";

/** The container's copy of the seller registry: what each request reads, and when a change shows. */

const db = useTestTable("sellers-cache", "test");

beforeEach(async () => {
  forgetSellers();
  await registerSeller(db.ref, { user_id: "1001", nickname: "PRIMEIRA" });
});

/** A seller written by another container: straight into the table, this container's copy untouched. */
const registerElsewhere = (userId: string) =>
  db.ref.doc.send(
    new PutCommand({
      TableName: db.ref.table,
      Item: { ...Entities.seller.key({ userId }), kind: "seller", user_id: userId, nickname: `LOJA_${userId}`, site_id: null, scope: scopeOfUser(userId), connected_at: new Date().toISOString() },
    }),
  );

describe("the registry copy of a container", () => {
  it("reads the registry once per SELLERS_CACHE_MS, then again", async () => {
    const { ref, faults } = faultyTable(db.ref);
    const now = Date.now();

    await cachedSellers(ref, { now });
    await cachedSellers(ref, { now: now + SELLERS_CACHE_MS - 1 });
    const withinCopy = faults.attemptsOf("QueryCommand").length;
    await cachedSellers(ref, { now: now + SELLERS_CACHE_MS });

    expect(withinCopy).toBe(1);
    expect(faults.attemptsOf("QueryCommand")).toHaveLength(2);
  });

  it("shows a seller connected in this container at once, and one connected elsewhere after the copy's time", async () => {
    const now = Date.now();
    await cachedSellers(db.ref, { now });

    await registerSeller(db.ref, { user_id: "1002", nickname: "SEGUNDA" });
    const here = (await cachedSellers(db.ref, { now })).map((seller) => seller.user_id);
    await registerElsewhere("1003");
    const before = (await cachedSellers(db.ref, { now })).map((seller) => seller.user_id);
    const after = (await cachedSellers(db.ref, { now: now + SELLERS_CACHE_MS })).map((seller) => seller.user_id);

    expect(here).toEqual(["1001", "1002"]);
    expect(before).toEqual(["1001", "1002"]);
    expect(after).toEqual(["1001", "1002", "1003"]);
  });

  it("reads the registry again before refusing a seller its copy does not know", async () => {
    const route = ROUTES.find((candidate) => candidate.seller === "own")!;
    const handler = withSeller(route, async () => ({ statusCode: 200, body: JSON.stringify({ scope: currentScope() }) }));
    const event = (seller: string) => ({ headers: { "x-seller-id": seller }, queryStringParameters: {} }) as unknown as APIGatewayProxyEventV2;
    await cachedSellers(db.ref);
    await registerElsewhere("1004");

    const answer = await withTable(db.ref, () => handler(event("1004"), {} as Context));
    const unknown = await withTable(db.ref, () => handler(event("9999"), {} as Context));

    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(String(answer.body))).toEqual({ scope: scopeOfUser("1004") });
    expect(unknown.statusCode).toBe(400);
  });
});
