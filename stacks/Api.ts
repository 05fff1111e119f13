import {
  Api as HttpApi,
  use,
  type ApiAuthorizer,
  type ApiCorsProps,
  type ApiRouteProps,
  type StackContext,
} from "sst/constructs";
import { Stack } from "aws-cdk-lib";
import type { CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from "aws-cdk-lib/custom-resources";
import { NOTIFICATIONS_ROUTE, ROUTES, routeKey, SYNC_START_ROUTE, type Route } from "@fulfillment/functions/routes";
import { throttleOf, type Throttle, type ThrottleSettings } from "@fulfillment/functions/throttling";
import { Auth, type UserDirectory } from "./Auth.js";
import { Console, CONSOLE_SCOPES } from "./Console.js";
import { readConsoleSignIn, readDeploySettings, type DeploySettings } from "./deploy-settings.js";
import {
  alarmOnFunction,
  constructIdOf,
  DEFAULT_TIMEOUT_SECONDS,
  FUNCTION_DEFAULTS,
  functionEnvironment,
  tableAccessStatements,
} from "./functions.js";
import { invokePolicies } from "./invoke-policies.js";
import { Notifications } from "./Notifications.js";
import { Shared } from "./Shared.js";
import { Storage } from "./Storage.js";
import { SyncMachine } from "./SyncMachine.js";

/** API Gateway stops waiting for an HTTP API integration after 30 seconds. */
const MAX_ROUTE_TIMEOUT_SECONDS = 29;

const JWT_AUTHORIZER = "jwt";

/** The file of the console's bucket that holds the deployed configuration (packages/web reads it). */
export const DEPLOY_CONFIG_FILE = "deploy-config.js";

/** The JWT issuer and audiences: the stack's user pool and its clients (console and machines), or an issuer of your own. */
function jwtIssuer(settings: DeploySettings, directory: UserDirectory | undefined, consoleClientId: string | undefined): { issuer: string; audience: string[] } | undefined {
  if (settings.auth.mode === "jwt") return { issuer: settings.auth.issuer, audience: settings.auth.audience };
  if (settings.auth.mode !== "cognito" || !directory || !consoleClientId) return undefined;
  return { issuer: directory.issuer, audience: [consoleClientId, ...settings.auth.machineClientIds] };
}

function authorization(jwt: { issuer: string; audience: string[] } | undefined): {
  authorizers: Record<string, ApiAuthorizer>;
  defaultAuthorizer: string;
} {
  if (!jwt) return { authorizers: {}, defaultAuthorizer: "iam" };
  const { issuer, audience } = jwt;
  return {
    authorizers: { [JWT_AUTHORIZER]: { type: "jwt", jwt: { issuer, audience } } },
    defaultAuthorizer: JWT_AUTHORIZER,
  };
}

/**
 * Only the console's origin, and only when it is served from another host (a deploy setting); the
 * headers cover bearer tokens, SigV4, strict handling, idempotency keys, revalidation and the
 * account a call is about (X-Seller-Id, sent when several are connected).
 */
function cors(consoleOrigin: string | undefined): false | ApiCorsProps {
  if (!consoleOrigin) return false;
  return {
    allowOrigins: [consoleOrigin],
    allowMethods: ["GET", "POST", "PUT", "DELETE"],
    allowHeaders: [
      "authorization",
      "content-type",
      "idempotency-key",
      "prefer",
      "if-none-match",
      "x-seller-id",
      "x-amz-date",
      "x-amz-security-token",
      "x-amz-content-sha256",
    ],
    // The console revalidates the stock screens with the ETag it read (http/conditional.ts).
    exposeHeaders: ["etag"],
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
  const { alarmTopic, marketplace, alertDelivery } = use(Shared);
  const { machine } = use(SyncMachine);
  const notifications = use(Notifications);
  const { directory } = use(Auth);
  const consoleSite = use(Console);
  const settings = readDeploySettings();
  const jwt = jwtIssuer(settings, directory, consoleSite.consoleClient?.userPoolClientId);
  const { authorizers, defaultAuthorizer } = authorization(jwt);
  // The console calls from its CloudFront address unless it is served from a domain of your own.
  const consoleOrigin = settings.consoleOrigin ?? (settings.auth.mode === "iam" ? undefined : consoleSite.site.url);

  const routeProps = (route: Route): ApiRouteProps<string> => {
    const timeout = route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
    if (timeout > MAX_ROUTE_TIMEOUT_SECONDS) {
      throw new Error(`${routeKey(route)}: timeout ${timeout}s exceeds the API's ${MAX_ROUTE_TIMEOUT_SECONDS}s limit`);
    }
    return {
      // The OAuth callback is followed by a browser from the marketplace: its single-use state is its protection.
      // Else in JWT mode the token must carry the route's scope (routes.ts); in IAM mode the caller's policy decides.
      ...(route.auth === "none" ? { authorizer: "none" as const } : jwt ? { authorizationScopes: [route.scope] } : {}),
      function: {
        handler: route.handler,
        timeout,
        // A write (an import, a sync run closed in process, a subscription) may record alerts and queue their deliveries.
        permissions: [...tableAccessStatements(table, route.access), ...(route.access === "read-write" ? alertDelivery.statements : [])],
        ...(route.marketplace ? { bind: marketplace.bindings, environment: marketplace.environment } : {}),
      },
    };
  };

  const api = new HttpApi(stack, "Api", {
    authorizers,
    cors: cors(consoleOrigin),
    accessLog: { retention: "one_month" },
    defaults: {
      authorizer: defaultAuthorizer,
      function: {
        ...FUNCTION_DEFAULTS,
        environment: {
          ...functionEnvironment(table),
          ...(consoleOrigin ? { CONSOLE_URL: `${consoleOrigin}/` } : {}),
          ...alertDelivery.environment,
          // The console's pages may write from their own origin (http/cross-origin.ts).
          ...(consoleOrigin ? { CONSOLE_ORIGIN: consoleOrigin } : {}),
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
    if (routeKey(route) === NOTIFICATIONS_ROUTE) {
      // The marketplace's notifications are only queued here (SendMessage on that queue alone); its consumer applies them.
      fn.addEnvironment("NOTIFICATIONS_QUEUE_URL", notifications.queue.queueUrl);
      notifications.queue.grantSendMessages(fn);
    }
  }
  throttleRoutes(api, settings.throttling);

  writeConsoleConfig(stack, consoleSite.site, {
    apiUrl: api.url,
    auth: consoleAuth(settings, directory, consoleSite.consoleClient?.userPoolClientId),
  });

  stack.addOutputs({ ApiEndpoint: api.url });
  if (settings.auth.mode === "iam") {
    const policies = invokePolicies(stack, api.cdk.httpApi.apiId, ROUTES);
    stack.addOutputs({ ApiReadOnlyPolicyArn: policies.ReadOnly.managedPolicyArn, ApiFullPolicyArn: policies.Full.managedPolicyArn });
  }
  return { api };
}

/** CloudFormation's spelling of a limit. */
const throttlingOf = (throttle: Throttle) => ({ ThrottlingRateLimit: throttle.ratePerSecond, ThrottlingBurstLimit: throttle.burst });

/**
 * The stage's default limit (each route its own bucket, as API Gateway applies it) and the lower
 * ones of the route table's classes, as settings of the API's default stage (throttling.ts).
 */
function throttleRoutes(api: HttpApi, settings: ThrottleSettings): void {
  const stage = api.cdk.httpApi.defaultStage?.node.defaultChild as CfnStage | undefined;
  if (!stage) throw new Error("The HTTP API has no default stage to throttle routes on");
  const defaults = throttlingOf(settings.stage);
  stage.defaultRouteSettings = { throttlingRateLimit: defaults.ThrottlingRateLimit, throttlingBurstLimit: defaults.ThrottlingBurstLimit };
  const throttled = ROUTES.filter((route) => route.throttle);
  stage.routeSettings = {
    ...((stage.routeSettings as Record<string, unknown> | undefined) ?? {}),
    // Written as CloudFormation spells them: CDK passes this map through untouched.
    ...Object.fromEntries(throttled.map((route) => [routeKey(route), throttlingOf(throttleOf(route, settings))])),
  };
}

/** The console's sign-in, as its config.ts reads it. */
function consoleAuth(settings: DeploySettings, directory: UserDirectory | undefined, consoleClientId: string | undefined): Record<string, string> {
  if (settings.auth.mode === "iam") return { mode: "iam" };
  if (settings.auth.mode === "cognito" && directory && consoleClientId) {
    return { mode: "jwt", issuer: directory.issuer, clientId: consoleClientId, scope: CONSOLE_SCOPES.join(" "), signOutUrl: `${directory.signInUrl}/logout` };
  }
  const signIn = readConsoleSignIn(settings.auth)!;
  return { mode: "jwt", issuer: jwtIssuerOf(settings), clientId: signIn.clientId, scope: signIn.scope };
}

const jwtIssuerOf = (settings: DeploySettings): string => (settings.auth.mode === "jwt" ? settings.auth.issuer : "");

/**
 * Writes deploy-config.js into the console's bucket: where the API is and how to sign in, known only
 * now. The console's page loads it after its own config.js (which holds the local defaults).
 */
function writeConsoleConfig(stack: Stack, site: { cdk?: { bucket: { bucketName: string; bucketArn: string } } }, config: { apiUrl: string; auth: Record<string, string> }): void {
  const bucket = site.cdk!.bucket;
  const body = `window.__CONSOLE_CONFIG__ = ${Stack.of(stack).toJsonString(config)};\n`;
  const put = {
    service: "S3",
    action: "putObject",
    parameters: { Bucket: bucket.bucketName, Key: DEPLOY_CONFIG_FILE, Body: body, ContentType: "text/javascript; charset=utf-8", CacheControl: "no-cache, no-store, must-revalidate" },
    physicalResourceId: PhysicalResourceId.of(`${DEPLOY_CONFIG_FILE}`),
  };
  new AwsCustomResource(stack, "ConsoleDeployConfig", {
    onCreate: put,
    onUpdate: put,
    policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [`${bucket.bucketArn}/${DEPLOY_CONFIG_FILE}`] }),
    installLatestAwsSdk: false,
    memorySize: 256,
    logRetention: RetentionDays.ONE_MONTH,
  });
}
