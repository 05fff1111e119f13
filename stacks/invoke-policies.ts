import { Aws } from "aws-cdk-lib";
import { Effect, ManagedPolicy, PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Construct } from "constructs";
import type { Route } from "@fulfillment/functions/routes";

/**
 * IAM mode: the two policies an operator attaches to the people and systems that call the API.
 * Read-only reaches the routes of scope fulfillment/read (stock and tariffs); full reaches every
 * route, settings and history included (GET /settings returns secrets, so keep full for admins).
 */
export const INVOKE_POLICIES = {
  ReadOnly: (route: Route): boolean => route.scope === "fulfillment/read",
  Full: (): boolean => true,
} as const;

/** The route as an execute-api resource path: any stage, the method, path parameters as wildcards. */
export const invokeResourcePath = (route: Route): string => `*/${route.method}${route.path.replace(/\{[^}]+\}/g, "*")}`;

/** The execute-api ARNs of the routes, on the given HTTP API. */
export const invokeResources = (apiId: string, routes: readonly Route[]): string[] =>
  routes.map((route) => `arn:${Aws.PARTITION}:execute-api:${Aws.REGION}:${Aws.ACCOUNT_ID}:${apiId}/${invokeResourcePath(route)}`);

/** One managed policy per entry of INVOKE_POLICIES, allowing execute-api:Invoke on exactly its routes. */
export function invokePolicies(scope: Construct, apiId: string, routes: readonly Route[]): Record<keyof typeof INVOKE_POLICIES, ManagedPolicy> {
  const policy = (name: keyof typeof INVOKE_POLICIES): ManagedPolicy =>
    new ManagedPolicy(scope, `ApiInvoke${name}`, {
      description: `${name === "ReadOnly" ? "Read-only" : "Full"} access to the fulfillment API (IAM authorization)`,
      statements: [
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ["execute-api:Invoke"],
          resources: invokeResources(apiId, routes.filter(INVOKE_POLICIES[name])),
        }),
      ],
    });
  return { ReadOnly: policy("ReadOnly"), Full: policy("Full") };
}
