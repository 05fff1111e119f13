import type { PreTokenGenerationV2TriggerEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
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
    expect(access.claimsToAddOrOverride).toEqual({ email: "ana@example.com" });
    expect(access.scopesToSuppress).toEqual(["fulfillment/read", "fulfillment/write", "settings/admin"].filter((scope) => !(expected as string[]).includes(scope)));
  });
});
