import type { PreTokenGenerationV2TriggerEvent } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handler } from "./pre-token.js";

const tokenEvent = (groups: string[] | undefined, asked: string[]): PreTokenGenerationV2TriggerEvent => ({
  version: "2",
  triggerSource: "TokenGeneration_HostedAuth",
  region: "us-east-1",
  userPoolId: "us-east-1_pool",
  userName: "ana",
  callerContext: { awsSdkVersion: "x", clientId: "console" },
  request: { userAttributes: { sub: "s-1", email: "ana@example.com" }, groupConfiguration: groups ? { groupsToOverride: groups } : {}, scopes: asked },
  response: { claimsAndScopeOverrideDetails: {} },
});

const ALL = ["openid", "fulfillment/read", "fulfillment/write", "settings/admin"];

describe("pre-token-generation trigger", () => {
  it.each([
    [["leitura"], ["fulfillment/read"]],
    [["operadores"], ["fulfillment/read", "fulfillment/write"]],
    [["administradores"], ["fulfillment/read", "fulfillment/write", "settings/admin"]],
    [["leitura", "operadores"], ["fulfillment/read", "fulfillment/write"]],
    [[], []],
    [undefined, []],
    [["desconhecido"], []],
  ])("groups %j give the access token exactly %j of the API's scopes", async (groups, expected) => {
    // Act
    const result = await handler(tokenEvent(groups, ALL));

    // Assess
    const access = result.response.claimsAndScopeOverrideDetails.accessTokenGeneration!;
    expect(access.scopesToAdd).toEqual(expected);
    expect(access.claimsToAddOrOverride).toMatchObject({ email: "ana@example.com" });
    expect(access.scopesToSuppress).toEqual(["fulfillment/read", "fulfillment/write", "settings/admin"].filter((scope) => !(expected as string[]).includes(scope)));
  });

  it.each([
    [["operadores", "seller-111111"], "111111"],
    [["leitura", "seller-222222", "seller-111111", "seller-111111"], "111111 222222"],
    [["operadores"], ""],
    [["administradores"], "*"],
    [["administradores", "seller-111111"], "*"],
    [["seller-"], ""],
    [undefined, ""],
  ])("groups %j grant the sellers %j in the access token's sellers claim (none: no claim)", async (groups, sellers) => {
    // Act
    const result = await handler(tokenEvent(groups, ALL));

    // Assess
    expect(result.response.claimsAndScopeOverrideDetails.accessTokenGeneration!.claimsToAddOrOverride).toEqual(sellers ? { email: "ana@example.com", sellers } : { email: "ana@example.com" });
  });

  describe("a machine client's token (client credentials)", () => {
    afterEach(() => vi.unstubAllEnvs());

    const clientEvent = (clientId: string) => ({
      ...tokenEvent(undefined, ["fulfillment/read"]),
      version: "3",
      triggerSource: "TokenGeneration_ClientCredentials" as const,
      userName: clientId,
      callerContext: { awsSdkVersion: "x", clientId },
      request: { userAttributes: {}, groupConfiguration: {}, scopes: ["fulfillment/read"] },
    });

    it("carries the sellers the deployment grants the client, and keeps the scopes it was given", async () => {
      // Prepare
      vi.stubEnv("MACHINE_CLIENT_SELLERS", JSON.stringify({ erp1: "111111 222222", erp2: "*" }));

      // Act
      const first = await handler(clientEvent("erp1"));
      const second = await handler(clientEvent("erp2"));
      const other = await handler(clientEvent("erp3"));

      // Assess
      expect(first.response.claimsAndScopeOverrideDetails.accessTokenGeneration).toEqual({ claimsToAddOrOverride: { sellers: "111111 222222" } });
      expect(second.response.claimsAndScopeOverrideDetails.accessTokenGeneration).toEqual({ claimsToAddOrOverride: { sellers: "*" } });
      expect(other.response.claimsAndScopeOverrideDetails.accessTokenGeneration).toEqual({});
    });
  });
});
