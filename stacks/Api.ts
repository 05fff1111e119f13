import {
  Api as HttpApi,
  use,
  type ApiAuthorizer,
  type ApiCorsProps,
  type ApiRouteProps,
  type StackContext,
} from "sst/constructs";
import { ROUTES, routeKey, SYNC_START_ROUTE, type Route } from "@fulfillment/functions/routes";
import { readDeploySettings, type DeploySettings } from "./deploy-settings.js";
import {
  alarmOnFunction,
  constructIdOf,
  DEFAULT_TIMEOUT_SECONDS,
  FUNCTION_DEFAULTS,
  functionEnvironment,
  tableAccessStatements,
} from "./functions.js";
import { invokePolicies } from "./invoke-policies.js";
import { Shared } from "./Shared.js";
import { Storage } from "./Storage.js";
import { SyncMachine } from "./SyncMachine.js";

/** API Gateway stops waiting for an HTTP API integration after 30 seconds. */
const MAX_ROUTE_TIMEOUT_SECONDS = 29;

const JWT_AUTHORIZER = "jwt";

function authorization(settings: DeploySettings): {
  authorizers: Record<string, ApiAuthorizer>;
  defaultAuthorizer: string;
} {
  if (settings.auth.mode === "iam") return { authorizers: {}, defaultAuthorizer: "iam" };
  const { issuer, audience } = settings.auth;
  return {
    authorizers: { [JWT_AUTHORIZER]: { type: "jwt", jwt: { issuer, audience } } },
    defaultAuthorizer: JWT_AUTHORIZER,
  };
}

/**
 * Only the console's origin, and only when it is served from another host (a deploy setting); the
 * headers cover bearer tokens, SigV4, strict handling and idempotency keys.
 */
function cors(settings: DeploySettings): false | ApiCorsProps {
  if (!settings.consoleOrigin) return false;
  return {
    allowOrigins: [settings.consoleOrigin],
    allowMethods: ["GET", "POST", "PUT", "DELETE"],
    allowHeaders: [
      "authorization",
      "content-type",
      "idempotency-key",
      "prefer",
      "x-amz-date",
      "x-amz-security-token",
      "x-amz-content-sha256",
    ],
    maxAge: "1 hour",
  };
}

/**
 * The HTTP API: one Lambda function per route of the route table, each allowed
 * exactly the table access its route declares.
 *
 * Errors answered by the gateway itself (401/403 from the authorizer, 404 for an
 * unknown route, 413 for a body over 10 MB, 429 when throttled, 500 when a
 * function crashes, 503 when it times out) carry API Gateway's own
 * {"message": ...} body: HTTP APIs cannot customise gateway responses, so only
 * answers produced by the functions follow the SPEC section 7 envelopes.
 */
export function Api({ stack }: StackContext) {
  const { table } = use(Storage);
  const { alarmTopic, marketplace } = use(Shared);
  const { machine } = use(SyncMachine);
  const settings = readDeploySettings();
  const { authorizers, defaultAuthorizer } = authorization(settings);

  const routeProps = (route: Route): ApiRouteProps<string> => {
    const timeout = route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
    if (timeout > MAX_ROUTE_TIMEOUT_SECONDS) {
      throw new Error(`${routeKey(route)}: timeout ${timeout}s exceeds the API's ${MAX_ROUTE_TIMEOUT_SECONDS}s limit`);
    }
    return {
      // The OAuth callback is followed by a browser from the marketplace: its single-use state is its protection.
      // Else in JWT mode the token must carry the route's scope (routes.ts); in IAM mode the caller's policy decides.
      ...(route.auth === "none" ? { authorizer: "none" as const } : settings.auth.mode === "jwt" ? { authorizationScopes: [route.scope] } : {}),
      function: {
        handler: route.handler,
        timeout,
        permissions: tableAccessStatements(table, route.access),
        ...(route.marketplace ? { bind: marketplace.bindings, environment: marketplace.environment } : {}),
      },
    };
  };

  const api = new HttpApi(stack, "Api", {
    authorizers,
    cors: cors(settings),
    accessLog: { retention: "one_month" },
    defaults: {
      authorizer: defaultAuthorizer,
      function: {
        ...FUNCTION_DEFAULTS,
        environment: {
          ...functionEnvironment(table),
          // The console's pages may write from their own origin (http/cross-origin.ts).
          ...(settings.consoleOrigin ? { CONSOLE_ORIGIN: settings.consoleOrigin } : {}),
        },
      },
    },
    routes: Object.fromEntries(ROUTES.map((route) => [routeKey(route), routeProps(route)])),
  });

  for (const route of ROUTES) {
    const fn = api.getFunction(routeKey(route));
    if (!fn) throw new Error(`No function for ${routeKey(route)}`);
    alarmOnFunction(stack, constructIdOf(routeKey(route)), fn, routeKey(route), alarmTopic);
    if (routeKey(route) === SYNC_START_ROUTE) {
      // POST /full/sync starts the sync state machine (states:StartExecution on it alone) and follows the run record.
      fn.addEnvironment("SYNC_STATE_MACHINE_ARN", machine.stateMachineArn);
      machine.grantStartExecution(fn);
    }
  }

  stack.addOutputs({ ApiEndpoint: api.url });
  if (settings.auth.mode === "iam") {
    const policies = invokePolicies(stack, api.cdk.httpApi.apiId, ROUTES);
    stack.addOutputs({ ApiReadOnlyPolicyArn: policies.ReadOnly.managedPolicyArn, ApiFullPolicyArn: policies.Full.managedPolicyArn });
  }
  return { api };
}
