/**
 * Synthesizes the whole app in deploy mode, offline (synth-app.ts), and checks the
 * CloudFormation templates against the route table and TABLE_SCHEMA.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALERT_DELIVERY_HANDLER,
  ALERT_DIGEST_HANDLER,
  DAILY_SYNC_HANDLER,
  IMPORT_FILE_HANDLER,
  MISSED_FEEDS_HANDLER,
  NOTIFICATION_CONSUMER_HANDLER,
  NOTIFICATIONS_ROUTE,
  PRE_TOKEN_HANDLER,
  ROUTES,
  SCOPES,
  routeKey,
  SYNC_START_ROUTE,
  SYNC_STEP_HANDLERS,
  type Route,
} from "@fulfillment/functions/routes";
import { TABLE_SCHEMA } from "#storage/keys";
import { DEFAULT_THROTTLES, throttleOf } from "@fulfillment/functions/throttling";
import { ACCESS_GROUPS } from "@fulfillment/functions/access-groups";
import { dailySyncCron } from "@fulfillment/core/sync/schedule";
import { stageTableName, userPoolName } from "./names.js";
// Not from SyncMachine.ts: loading SST before the working directory moves would bundle the real handlers.
import { SHARD_MAX_CONCURRENCY, SHARD_RETRIES } from "./sync-settings.js";
import { METRIC, METRICS_NAMESPACE } from "@fulfillment/functions/observability/metric-names";
import { DELIVERY_ATTEMPTS } from "@fulfillment/functions/config/alerts";
import { NOTIFICATION_BATCH_SIZE, NOTIFICATION_RECEIVES } from "@fulfillment/functions/config/notifications";
import { SYNC_TASK_STATES, syncStatesLanguage } from "./sync-definition.js";
import aslValidator from "asl-validator";
import { CLIENT_ID, CLIENT_SECRET, createSynthesizer, SETTINGS_UNSET, STAND_IN_BODY, type CfnTemplate, type Resource, type Synthesizer, type Templates } from "./synth-app.js";

/** The marketplace's OAuth callback, followed by a browser. */
const CALLBACK = "GET /marketplace/callback";
/** The routes without an authorizer: the callback, and the marketplace's notifications (it cannot present a token). */
const PUBLIC = new Set([CALLBACK, NOTIFICATIONS_ROUTE]);
const HANDLER_DIR = "packages/functions/src/handlers/";

const READ = ["dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:Query"];
const WRITE = [
  "dynamodb:BatchWriteItem",
  "dynamodb:ConditionCheckItem",
  "dynamodb:DeleteItem",
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
];

const PROD_SETTINGS = {
  AUTH_MODE: "jwt",
  JWT_ISSUER: "https://auth.example.com/",
  JWT_AUDIENCE: "fulfillment-api, backoffice",
  CONSOLE_ORIGIN: "https://app.example.com",
  MARKETPLACE_API_URL: "https://marketplace.example.com",
  ALARM_EMAIL: "ops@example.com",
  MARKETPLACE_MAX_CALLS_PER_MINUTE: "600",
  API_THROTTLE_RATE: "40",
  API_THROTTLE_BURST: "80",
  API_EXPENSIVE_THROTTLE_RATE: "2",
};

let synthesizer: Synthesizer;
/** The default deploy: the stack's user pool. */
let dev: Templates;
/** An issuer of your own (AUTH_MODE=jwt). */
let prod: Templates;
/** SigV4 for machines (AUTH_MODE=iam). */
let iam: Templates;

beforeAll(async () => {
  synthesizer = await createSynthesizer();
  dev = await synthesizer.synthesize("dev", { ...SETTINGS_UNSET, API_MACHINE_CLIENT_SELLERS: "machine-client-1=222222 111111" });
  prod = await synthesizer.synthesize("prod", { ...SETTINGS_UNSET, ...PROD_SETTINGS });
  iam = await synthesizer.synthesize("machines", { ...SETTINGS_UNSET, AUTH_MODE: "iam" });
}, 300_000);

afterAll(() => synthesizer?.dispose());

// ---- template helpers ----

const resourcesOf = (template: CfnTemplate, type: string): [string, Resource][] =>
  Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);

/** The functions built from the handler tree, keyed by logical id. */
const serviceFunctions = (template: CfnTemplate): [string, Resource][] =>
  resourcesOf(template, "AWS::Lambda::Function").filter(([, fn]) => String(fn.Properties.Handler).startsWith(HANDLER_DIR));

function functionByHandler(template: CfnTemplate, handler: string): [string, Resource] {
  const found = serviceFunctions(template).filter(([, fn]) => fn.Properties.Handler === handler);
  expect(found, handler).toHaveLength(1);
  return found[0]!;
}

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Every IAM statement that reaches the function's role. */
function statementsOf(template: CfnTemplate, fn: Resource): Record<string, any>[] {
  const roleId = fn.Properties.Role["Fn::GetAtt"][0];
  return resourcesOf(template, "AWS::IAM::Policy")
    .filter(([, policy]) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
}

const actionsOf = (statements: Record<string, any>[]): string[] =>
  statements.flatMap((statement) => asList<string>(statement.Action));

const dynamoActionsOf = (template: CfnTemplate, fn: Resource): string[] =>
  [...new Set(actionsOf(statementsOf(template, fn)).filter((action) => action.startsWith("dynamodb:")))].sort();

const ssmResourcesOf = (template: CfnTemplate, fn: Resource): string =>
  JSON.stringify(statementsOf(template, fn).filter((statement) => asList(statement.Action).includes("ssm:GetParameters")));

/** The function a route's integration invokes. */
function targetOfRoute(template: CfnTemplate, route: Resource): Resource {
  const integrationId = route.Properties.Target["Fn::Join"][1][1].Ref;
  const integration = template.Resources[integrationId]!;
  return template.Resources[integration.Properties.IntegrationUri["Fn::GetAtt"][0]]!;
}

const expectedDynamoActions = (route: Pick<Route, "access">): string[] =>
  route.access === "none" ? [] : route.access === "read" ? READ : [...READ, ...WRITE].sort();

/** A CloudFormation value as text, references written <ref:logicalId> or <ref:logicalId.attribute> (imports by their export's logical id). */
function textOf(value: any): string {
  if (typeof value === "string") return value;
  if (value["Fn::Join"]) return value["Fn::Join"][1].map(textOf).join(value["Fn::Join"][0]);
  if (value.Ref) return `<ref:${value.Ref}>`;
  if (value["Fn::GetAtt"]) return `<ref:${value["Fn::GetAtt"].join(".")}>`;
  if (value["Fn::ImportValue"]) {
    const exported = /ExportsOutput(?:Ref|FnGetAtt)(\w+?)[0-9A-F]{8}$/.exec(value["Fn::ImportValue"]);
    return exported ? `<ref:${exported[1]}>` : `<import:${value["Fn::ImportValue"]}>`;
  }
  throw new Error(`unexpected value ${JSON.stringify(value)}`);
}

/** The one resource of a type in a template, as a reference. */
function refOf(template: CfnTemplate, type: string): string {
  const found = resourcesOf(template, type);
  expect(found, type).toHaveLength(1);
  return `<ref:${found[0]![0]}>`;
}

/** The bucket holding the console's files (the other one of its stack keeps the access logs). */
const consoleBucketOf = (templates: Templates): [string, Resource] => {
  const found = resourcesOf(templates.Console, "AWS::S3::Bucket").filter(([id]) => id.startsWith("ConsoleFiles"));
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** The console configuration the Api stack writes into the console's bucket (create and update alike). */
function deployConfigOf(templates: Templates): unknown {
  const writers = resourcesOf(templates.Api, "Custom::AWS").filter(([id]) => id.startsWith("ConsoleDeployConfig"));
  expect(writers).toHaveLength(1);
  const [, writer] = writers[0]!;
  const create = JSON.parse(textOf(writer.Properties.Create));
  expect(JSON.parse(textOf(writer.Properties.Update))).toEqual(create);
  expect(create).toMatchObject({ service: "S3", action: "putObject", parameters: { Key: "deploy-config.js", Bucket: `<ref:${consoleBucketOf(templates)[0]}>` } });
  const body = /^window\.__CONSOLE_CONFIG__ = (.*);\n$/s.exec(create.parameters.Body)![1]!;
  return JSON.parse(body);
}

const allTemplates = (): CfnTemplate[] => [...Object.values(dev), ...Object.values(prod), ...Object.values(iam)];

// ---- tests ----

describe("functions", () => {
  it("builds one function per route, with the route's handler, one for the daily sync and one for file imports", () => {
    const handlers = serviceFunctions(dev.Api).map(([, fn]) => fn.Properties.Handler);
    expect(handlers.sort()).toEqual(ROUTES.map((route) => route.handler).sort());
    expect(serviceFunctions(dev.Jobs).map(([, fn]) => fn.Properties.Handler)).toEqual([DAILY_SYNC_HANDLER]);
    expect(serviceFunctions(dev.Imports).map(([, fn]) => fn.Properties.Handler)).toEqual([IMPORT_FILE_HANDLER]);
  });

  it("runs Node.js 22 on arm64 with 1024 MB, the route's timeout (10 s by default) and TABLE_NAME", () => {
    for (const route of ROUTES) {
      const [, fn] = functionByHandler(dev.Api, route.handler);
      expect(fn.Properties).toMatchObject({
        Runtime: "nodejs22.x",
        Architectures: ["arm64"],
        MemorySize: 1024,
        Timeout: route.timeoutSeconds ?? 10,
      });
      expect(fn.Properties.Environment.Variables.TABLE_NAME).toBeDefined();
    }
  });

  it("ships minified ESM bundles with source maps", () => {
    const bundles = readdirSync(path.join(synthesizer.root, ".sst", "artifacts"), { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".mjs"),
    );
    // The three synthesized stages: every route, the daily sync, the file import, the alert digest and delivery jobs, the
    // notification consumer and the missed-notification drain, and the three steps of the sync state machine; the user
    // pool's token trigger in the default (Cognito) stage.
    expect(bundles, bundles.slice(0, 5).join(", ")).toHaveLength(3 * (ROUTES.length + 6 + Object.keys(SYNC_STEP_HANDLERS).length) + 1);
    for (const bundle of bundles) {
      const code = readFileSync(path.join(synthesizer.root, ".sst", "artifacts", bundle), "utf8");
      expect(code).toContain(STAND_IN_BODY);
      expect(code).toMatch(/export\{\w+ as handler\}/);
      expect(code).toContain(`//# sourceMappingURL=${path.basename(bundle)}.map`);
    }
  });

  it("keeps one month of logs for every function and for the API's access log", () => {
    const retained = resourcesOf(dev.Api, "Custom::LogRetention").map(([, retention]) => {
      expect(retention.Properties.RetentionInDays).toBe(30);
      return JSON.stringify(retention.Properties.LogGroupName);
    });
    for (const [id] of serviceFunctions(dev.Api)) expect(retained.some((name) => name.includes(`"${id}"`)), id).toBe(true);
    const accessLogs = resourcesOf(dev.Api, "AWS::Logs::LogGroup").map(([, group]) => group.Properties.RetentionInDays);
    expect(accessLogs).toEqual([30]);
  });
});

describe("HTTP API", () => {
  it("has exactly the route table's routes, each invoking its own handler", () => {
    const routes = resourcesOf(dev.Api, "AWS::ApiGatewayV2::Route");
    expect(routes.map(([, route]) => route.Properties.RouteKey).sort()).toEqual(ROUTES.map(routeKey).sort());
    for (const route of ROUTES) {
      const [, resource] = routes.find(([, r]) => r.Properties.RouteKey === routeKey(route))!;
      expect(targetOfRoute(dev.Api, resource).Properties.Handler).toBe(route.handler);
    }
  });


  it("requires IAM (SigV4) on every route when AUTH_MODE=iam, but the marketplace's OAuth callback and its notifications", () => {
    for (const [, route] of resourcesOf(iam.Api, "AWS::ApiGatewayV2::Route")) {
      expect(route.Properties.AuthorizationType, route.Properties.RouteKey).toBe(PUBLIC.has(route.Properties.RouteKey) ? "NONE" : "AWS_IAM");
    }
    expect(resourcesOf(iam.Api, "AWS::ApiGatewayV2::Authorizer")).toHaveLength(0);
    // The only public routes: a browser follows the callback (its single-use state protects it); the marketplace
    // posts notifications (nothing in them is trusted, the route has its own throttling).
    expect(ROUTES.filter((route) => route.auth === "none").map(routeKey).sort()).toEqual([...PUBLIC].sort());
  });

  it("uses the JWT authorizer on every route when AUTH_MODE=jwt", () => {
    const authorizers = resourcesOf(prod.Api, "AWS::ApiGatewayV2::Authorizer");
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0]!;
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: "JWT",
      IdentitySource: ["$request.header.Authorization"],
      JwtConfiguration: { Issuer: PROD_SETTINGS.JWT_ISSUER, Audience: ["fulfillment-api", "backoffice"] },
    });
    const routes = resourcesOf(prod.Api, "AWS::ApiGatewayV2::Route");
    expect(routes).toHaveLength(ROUTES.length);
    for (const [, route] of routes) {
      if (PUBLIC.has(route.Properties.RouteKey)) {
        expect(route.Properties.AuthorizationType).toBe("NONE");
        expect(route.Properties.AuthorizerId).toBeUndefined();
        continue;
      }
      expect(route.Properties).toMatchObject({ AuthorizationType: "JWT", AuthorizerId: { Ref: authorizerId } });
    }
  });

  it("answers CORS for the console's origin only: CONSOLE_ORIGIN, else its CloudFront address; none under IAM", () => {
    const [[, devApi]] = resourcesOf(dev.Api, "AWS::ApiGatewayV2::Api") as [[string, Resource]];
    const [[, prodApi]] = resourcesOf(prod.Api, "AWS::ApiGatewayV2::Api") as [[string, Resource]];
    const [[, iamApi]] = resourcesOf(iam.Api, "AWS::ApiGatewayV2::Api") as [[string, Resource]];
    expect(iamApi.Properties.CorsConfiguration).toBeUndefined();
    expect(devApi.Properties.CorsConfiguration.AllowOrigins).toHaveLength(1);
    expect(JSON.stringify(devApi.Properties.CorsConfiguration.AllowOrigins)).toMatch(/Fn::ImportValue.*Console.*Distribution/);
    expect(prodApi.Properties.CorsConfiguration).toMatchObject({
      AllowOrigins: ["https://app.example.com"],
      AllowMethods: ["GET", "POST", "PUT", "DELETE"],
      AllowHeaders: expect.arrayContaining(["authorization", "content-type", "prefer", "idempotency-key", "if-none-match", "x-seller-id"]),
      // The console reads the stock screens' ETags to revalidate them.
      ExposeHeaders: ["etag"],
    });
    expect(prodApi.Properties.CorsConfiguration.AllowCredentials).not.toBe(true);
  });

  it("tells the functions the console's origin, so its pages may write", () => {
    for (const route of ROUTES) {
      expect(functionByHandler(prod.Api, route.handler)[1].Properties.Environment.Variables.CONSOLE_ORIGIN).toBe("https://app.example.com");
      expect(JSON.stringify(functionByHandler(dev.Api, route.handler)[1].Properties.Environment.Variables.CONSOLE_ORIGIN)).toMatch(/Console.*Distribution/);
      expect(functionByHandler(iam.Api, route.handler)[1].Properties.Environment.Variables.CONSOLE_ORIGIN).toBeUndefined();
    }
  });
});

describe("scopes (JWT mode)", () => {
  const scopesByKey = (templates: Templates): Map<string, unknown> =>
    new Map(resourcesOf(templates.Api, "AWS::ApiGatewayV2::Route").map(([, r]) => [r.Properties.RouteKey, r.Properties.AuthorizationScopes]));

  it("requires the route table's scope on every route", () => {
    const scopes = scopesByKey(prod);
    expect(scopes.size).toBe(ROUTES.length);
    // The OAuth callback has no authorizer at all, so no scope either.
    for (const route of ROUTES) expect(scopes.get(routeKey(route)), routeKey(route)).toEqual(route.auth === "none" ? undefined : [route.scope]);
  });

  it("keeps reads, writes and settings apart", () => {
    const scopes = scopesByKey(prod);
    const scopeOf = (key: string) => (scopes.get(key) as string[])[0];
    expect(scopeOf("GET /full/overview")).toBe("fulfillment/read");
    expect(scopeOf("GET /full/tariffs")).toBe("fulfillment/read");
    expect(scopeOf("POST /full/tariffs")).toBe("fulfillment/write");
    expect(scopeOf("POST /full/sync")).toBe("fulfillment/write");
    expect(scopeOf("GET /settings")).toBe("settings/admin");
    expect(scopeOf("PUT /settings/{group}")).toBe("settings/admin");
    expect(scopeOf("GET /history/core_ai")).toBe("settings/admin");
    expect(scopeOf("GET /marketplace/connect")).toBe("settings/admin");
    expect(scopeOf("PUT /full/costs")).toBe("fulfillment/write");
    expect(new Set([...scopes.values()].filter(Boolean).map((s) => (s as string[])[0]))).toEqual(new Set(SCOPES));
    // A public route carries no scope (no authorizer runs on it).
    for (const route of ROUTES.filter((r) => r.method !== "GET" && r.auth !== "none")) expect(scopeOf(routeKey(route))).not.toBe("fulfillment/read");
  });

  it("carries no scopes in IAM mode", () => {
    for (const [, route] of resourcesOf(iam.Api, "AWS::ApiGatewayV2::Route")) expect(route.Properties.AuthorizationScopes).toBeUndefined();
  });
});

describe("invoke policies (IAM mode)", () => {
  /** The route paths ("GET/full/overview") a managed policy allows, read from its Fn::Join ARNs. */
  const allowed = (templates: Templates, id: string): string[] => {
    const [, policy] = resourcesOf(templates.Api, "AWS::IAM::ManagedPolicy").find(([logicalId]) => logicalId.startsWith(id))!;
    const [statement] = policy.Properties.PolicyDocument.Statement;
    expect(statement).toMatchObject({ Effect: "Allow", Action: "execute-api:Invoke" });
    return asList(statement.Resource).map((arn: any) => {
      const parts = arn["Fn::Join"][1] as unknown[];
      expect(parts).toContainEqual({ Ref: expect.stringMatching(/^Api/) });
      return String(parts.at(-1)).replace(/^\/\*\//, "");
    });
  };
  const asPath = (route: Route): string => `${route.method}${route.path.replace(/\{[^}]+\}/g, "*")}`;

  it("offers a read-only policy for stock and tariffs, and a full one for every route", () => {
    expect(resourcesOf(iam.Api, "AWS::IAM::ManagedPolicy")).toHaveLength(2);
    expect(allowed(iam, "ApiInvokeReadOnly").sort()).toEqual(ROUTES.filter((r) => r.scope === "fulfillment/read").map(asPath).sort());
    expect(allowed(iam, "ApiInvokeFull").sort()).toEqual(ROUTES.map(asPath).sort());
    // Read-only reaches only GETs: stock, tariffs and the alerts.
    expect(allowed(iam, "ApiInvokeReadOnly").every((path) => path.startsWith("GET/"))).toBe(true);
  });

  it("is not made in JWT or Cognito mode", () => {
    expect(resourcesOf(prod.Api, "AWS::IAM::ManagedPolicy")).toHaveLength(0);
    expect(resourcesOf(dev.Api, "AWS::IAM::ManagedPolicy")).toHaveLength(0);
  });
});

describe("user directory (AUTH_MODE=cognito, the default)", () => {
  const userPool = (): [string, Resource] => {
    const pools = resourcesOf(dev.Auth, "AWS::Cognito::UserPool");
    expect(pools).toHaveLength(1);
    return pools[0]!;
  };

  it("creates a user pool where people are invited, with a hosted sign-in domain", () => {
    const [id, pool] = userPool();
    expect(pool.Properties.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(true);
    // The name `npm run users` and `npm run clients` look the pool up by.
    expect(pool.Properties.UserPoolName).toBe(userPoolName("dev"));
    expect(pool.Properties.UsernameAttributes).toEqual(["email"]);
    const domains = resourcesOf(dev.Auth, "AWS::Cognito::UserPoolDomain");
    expect(domains.map(([, d]) => d.Properties)).toEqual([{ Domain: "fulfillment-dev-123456789012", UserPoolId: { Ref: id } }]);
    for (const templates of [prod, iam]) expect(resourcesOf(templates.Auth, "AWS::Cognito::UserPool")).toHaveLength(0);
  });

  it("defines the route table's three scopes on resource servers", () => {
    const servers = resourcesOf(dev.Auth, "AWS::Cognito::UserPoolResourceServer").map(([, server]) => server.Properties);
    const defined = servers.flatMap((server) => server.Scopes.map((scope: { ScopeName: string }) => `${server.Identifier}/${scope.ScopeName}`));
    expect(defined.sort()).toEqual([...SCOPES].sort());
  });

  it("has the three groups, and a V3 pre-token trigger that turns a person's groups into scopes and sellers, and a machine client's grant into sellers", () => {
    const groups = resourcesOf(dev.Auth, "AWS::Cognito::UserPoolGroup").map(([, group]) => group.Properties.GroupName);
    expect(groups.sort()).toEqual(Object.keys(ACCESS_GROUPS).sort());
    const [, pool] = userPool();
    // Scopes in access tokens need the Essentials plan.
    expect(pool.Properties.UserPoolTier).toBe("ESSENTIALS");
    // Version 3 runs for client-credentials tokens too.
    expect(pool.Properties.LambdaConfig.PreTokenGenerationConfig.LambdaVersion).toBe("V3_0");
    const [triggerId, trigger] = functionByHandler(dev.Auth, PRE_TOKEN_HANDLER);
    expect(trigger.Properties.Environment.Variables.MACHINE_CLIENT_SELLERS).toBe(JSON.stringify({ "machine-client-1": "111111 222222" }));
    expect(pool.Properties.LambdaConfig.PreTokenGenerationConfig.LambdaArn).toEqual({ "Fn::GetAtt": [triggerId, "Arn"] });
  });

  it("gives the console an app client: authorization code with PKCE, no secret, back only to its CloudFront address", () => {
    const clients = resourcesOf(dev.Console, "AWS::Cognito::UserPoolClient");
    expect(clients).toHaveLength(1);
    const [, client] = clients[0]!;
    const distribution = resourcesOf(dev.Console, "AWS::CloudFront::Distribution")[0]![0];
    const consoleUrl = `https://<ref:${distribution}.DomainName>/`;
    expect(client.Properties).toMatchObject({ AllowedOAuthFlows: ["code"], AllowedOAuthFlowsUserPoolClient: true, GenerateSecret: false, SupportedIdentityProviders: ["COGNITO"] });
    expect(client.Properties.AllowedOAuthScopes).toEqual(expect.arrayContaining(["openid", ...SCOPES]));
    expect(client.Properties.CallbackURLs.map(textOf)).toEqual([consoleUrl]);
    expect(client.Properties.LogoutURLs.map(textOf)).toEqual([consoleUrl]);
    expect(textOf(client.Properties.UserPoolId)).toBe(`<ref:${userPool()[0]}>`);
  });

  it("binds the API's JWT authorizer to the pool: its issuer, the console client and the listed machine clients as audience", () => {
    const authorizers = resourcesOf(dev.Api, "AWS::ApiGatewayV2::Authorizer");
    expect(authorizers).toHaveLength(1);
    const [authorizerId, authorizer] = authorizers[0]!;
    expect(authorizer.Properties.AuthorizerType).toBe("JWT");
    expect(textOf(authorizer.Properties.JwtConfiguration.Issuer)).toBe(`https://cognito-idp.us-east-1.amazonaws.com/<ref:${userPool()[0]}>`);
    expect(authorizer.Properties.JwtConfiguration.Audience.map(textOf)).toEqual([refOf(dev.Console, "AWS::Cognito::UserPoolClient")]);
    for (const [, route] of resourcesOf(dev.Api, "AWS::ApiGatewayV2::Route")) {
      const key = route.Properties.RouteKey;
      const table = ROUTES.find((candidate) => routeKey(candidate) === key)!;
      if (PUBLIC.has(key)) expect(route.Properties.AuthorizationType).toBe("NONE");
      else expect(route.Properties, key).toMatchObject({ AuthorizationType: "JWT", AuthorizerId: { Ref: authorizerId }, AuthorizationScopes: [table.scope] });
    }
    // GET /marketplace/callback is still the one open route.
    expect(resourcesOf(dev.Api, "AWS::ApiGatewayV2::Route").filter(([, route]) => route.Properties.AuthorizationType === "NONE").map(([, route]) => route.Properties.RouteKey).sort()).toEqual([...PUBLIC].sort());
  });
});

describe("console", () => {
  const uploaderOf = (templates: Templates): Resource => {
    const uploaders = resourcesOf(templates.Console, "Custom::S3Uploader");
    expect(uploaders).toHaveLength(1);
    return uploaders[0]![1];
  };

  it("is a static site: a private bucket behind CloudFront serving index.html", () => {
    const buckets = [consoleBucketOf(dev)];
    expect(buckets[0]![1].Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    const distributions = resourcesOf(dev.Console, "AWS::CloudFront::Distribution");
    expect(distributions).toHaveLength(1);
    expect(distributions[0]![1].Properties.DistributionConfig).toMatchObject({
      DefaultRootObject: "index.html",
      DefaultCacheBehavior: { ViewerProtocolPolicy: "redirect-to-https" },
    });
    const upload = uploaderOf(dev);
    expect(upload.Properties.sources).toHaveLength(1);
    expect(JSON.stringify(upload.Properties.destinationBucketName)).toContain(buckets[0]![0]);
  });

  it("learns where the API is and how to sign in from deploy-config.js, which the Api stack writes into its bucket", () => {
    const apiUrl = refOf(dev.Api, "AWS::ApiGatewayV2::Api").replace(/>$/, ".ApiEndpoint>");
    expect(deployConfigOf(dev)).toEqual({
      apiUrl,
      auth: {
        mode: "jwt",
        issuer: `https://cognito-idp.us-east-1.amazonaws.com/${refOf(dev.Auth, "AWS::Cognito::UserPool")}`,
        clientId: refOf(dev.Console, "AWS::Cognito::UserPoolClient"),
        scope: "openid email profile fulfillment/read fulfillment/write settings/admin",
        signOutUrl: `https://${refOf(dev.Auth, "AWS::Cognito::UserPoolDomain")}.auth.us-east-1.amazoncognito.com/logout`,
      },
    });
    expect(deployConfigOf(prod)).toEqual({ apiUrl, auth: { mode: "jwt", issuer: PROD_SETTINGS.JWT_ISSUER, clientId: "fulfillment-api", scope: "openid" } });
    expect(deployConfigOf(iam)).toEqual({ apiUrl, auth: { mode: "iam" } });
    // An upload of the site leaves the Api stack's file in place.
    expect(uploaderOf(dev).Properties.filenames).toBeUndefined();
    const outputs = (dev.Console as unknown as { Outputs: Record<string, unknown> }).Outputs;
    expect(JSON.stringify(outputs.ConsoleUrl)).toMatch(/"https:\/\/".*"Fn::GetAtt":\["\w*Distribution\w*","DomainName"\]/);
  });

  it("lets the console's headers through CORS", () => {
    const [[, prodApi]] = resourcesOf(prod.Api, "AWS::ApiGatewayV2::Api") as [[string, Resource]];
    expect(prodApi.Properties.CorsConfiguration.AllowHeaders).toEqual(expect.arrayContaining(["authorization", "idempotency-key", "prefer"]));
  });
});

describe("table", () => {
  const tableOf = (templates: Templates): Resource => {
    const tables = resourcesOf(templates.Storage, "AWS::DynamoDB::Table");
    expect(tables).toHaveLength(1);
    return tables[0]![1];
  };

  it("has the keys and indexes of TABLE_SCHEMA, all strings", () => {
    const { Properties: table } = tableOf(dev);
    expect(table.KeySchema).toEqual([
      { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: "HASH" },
      { AttributeName: TABLE_SCHEMA.sortKey, KeyType: "RANGE" },
    ]);
    const indexes = Object.entries(TABLE_SCHEMA.indexes);
    expect(table.GlobalSecondaryIndexes).toEqual(
      indexes.map(([name, index]) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: "HASH" },
          { AttributeName: index.sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
    );
    const indexKeys = indexes.flatMap(([, index]) => [index.partitionKey, index.sortKey]);
    const keyNames = [TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey, ...indexKeys];
    expect(table.AttributeDefinitions).toEqual(keyNames.map((name) => ({ AttributeName: name, AttributeType: "S" })));
  });

  it("is on-demand, with point-in-time recovery and the TTL attribute", () => {
    expect(tableOf(dev).Properties).toMatchObject({
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
    });
  });

  it("is protected and retained in prod, disposable in dev", () => {
    expect(tableOf(prod)).toMatchObject({
      DeletionPolicy: "Retain",
      UpdateReplacePolicy: "Retain",
      Properties: { DeletionProtectionEnabled: true },
    });
    expect(tableOf(dev)).toMatchObject({ DeletionPolicy: "Delete", Properties: { DeletionProtectionEnabled: false } });
  });

  it("keeps point-in-time recovery on in every stage, kept or disposable (the restore drill starts from it)", () => {
    for (const stage of [prod, dev]) {
      expect(tableOf(stage).Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    }
  });

  it("is named per stage as `npm run load -- --stage <stage>` expects", () => {
    expect(tableOf(dev).Properties.TableName).toBe(stageTableName("dev"));
    expect(tableOf(prod).Properties.TableName).toBe(stageTableName("prod"));
  });
});

describe("least privilege", () => {
  it("grants each route exactly the DynamoDB actions of its access level", () => {
    for (const route of ROUTES) {
      const [, fn] = functionByHandler(dev.Api, route.handler);
      expect(dynamoActionsOf(dev.Api, fn), routeKey(route)).toEqual(expectedDynamoActions(route));
    }
  });

  it("serves the sync status and the run history with read-only table access", () => {
    for (const key of ["GET /full/sync/status", "GET /full/sync/runs"]) {
      const route = ROUTES.find((candidate) => routeKey(candidate) === key);
      expect(route, key).toMatchObject({ access: "read" });
      const [, fn] = functionByHandler(dev.Api, route!.handler);
      expect(dynamoActionsOf(dev.Api, fn), key).toEqual(READ);
    }
  });

  it("deploys the restock plan and aged-stock reports read-only and the SKU planning write with write access, behind the authorizer", () => {
    const routes = resourcesOf(dev.Api, "AWS::ApiGatewayV2::Route");
    const expected: [string, string, string[]][] = [
      ["GET /full/restock-plan", "packages/functions/src/handlers/full/restock-plan.handler", READ],
      ["GET /full/aged-stock", "packages/functions/src/handlers/full/aged-stock.handler", READ],
      ["PUT /full/skus/{sku}/planning", "packages/functions/src/handlers/full/sku-planning.handler", [...READ, ...WRITE].sort()],
    ];
    for (const [key, handler, actions] of expected) {
      const [, route] = routes.find(([, r]) => r.Properties.RouteKey === key)!;
      expect(route.Properties.AuthorizationType, key).toBe("JWT");
      const fn = targetOfRoute(dev.Api, route);
      expect(fn.Properties.Handler).toBe(handler);
      expect(dynamoActionsOf(dev.Api, fn), key).toEqual(actions);
    }
  });

  // A browser can only follow GETs: the two steps of the OAuth flow store the state and the credential.
  const OAUTH_STEPS = ["GET /marketplace/connect", "GET /marketplace/callback"];

  it("lets no GET function write, but the two steps of the account connection", () => {
    for (const route of ROUTES.filter((r) => r.method === "GET" && !OAUTH_STEPS.includes(routeKey(r)))) {
      const [, fn] = functionByHandler(dev.Api, route.handler);
      expect(dynamoActionsOf(dev.Api, fn).filter((action) => WRITE.includes(action)), routeKey(route)).toEqual([]);
    }
  });

  it("scopes table access to the table and its indexes", () => {
    for (const route of ROUTES.filter((r) => r.access !== "none")) {
      const [, fn] = functionByHandler(dev.Api, route.handler);
      const dynamo = statementsOf(dev.Api, fn).filter((statement) =>
        asList<string>(statement.Action).some((action) => action.startsWith("dynamodb:")),
      );
      expect(dynamo).toHaveLength(1);
      const resources = JSON.stringify(dynamo[0]!.Resource);
      expect(resources).toContain("Table");
      expect(resources).toContain("/index/*");
      expect(asList(dynamo[0]!.Resource)).not.toContain("*");
    }
  });

  it("grants Scan and dynamodb:* to nobody, in any stack", () => {
    for (const template of allTemplates()) {
      const statements = [
        ...resourcesOf(template, "AWS::IAM::Policy").flatMap(([, p]) => p.Properties.PolicyDocument.Statement),
        ...resourcesOf(template, "AWS::IAM::Role").flatMap(([, r]) =>
          (r.Properties.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement),
        ),
      ];
      const actions = actionsOf(statements);
      expect(actions).not.toContain("dynamodb:Scan");
      expect(actions).not.toContain("dynamodb:*");
      expect(actions).not.toContain("*");
    }
  });
});

describe("least privilege, every function of every stage", () => {
  /** Every service function (route, job, step, consumer, trigger) of a stage's templates, with its template. */
  const functionsOf = (templates: Templates): [CfnTemplate, string, Resource][] =>
    Object.values(templates).flatMap((template) => serviceFunctions(template).map(([id, fn]) => [template, id, fn] as [CfnTemplate, string, Resource]));
  /** The synthesized stages, once beforeAll has made them. */
  const stages = (): [string, Templates][] => [
    ["dev", dev],
    ["prod", prod],
    ["machines", iam],
  ];
  /** X-Ray's two write actions take no resource (AWS's service authorization reference). */
  const WITHOUT_RESOURCE = ["xray:PutTelemetryRecords", "xray:PutTraceSegments"];
  /** The wildcards allowed inside a named resource: the table's indexes, the import bucket's files. */
  const NAMED_WILDCARDS = [/^<ref:Table[0-9A-F]{8}\.?Arn>\/index\/\*$/, /^<ref:ImportsBucket[0-9A-F]{8}\.?Arn>\/\*$/];
  const WRITES = /^(dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)|s3:(Put|Delete)\w*|sns:(Publish|Subscribe)|sqs:SendMessage|states:StartExecution)$/;

  it("names the resources of every IAM statement: * only for X-Ray, and no wildcard but the table's indexes and the import bucket's files", () => {
    for (const [stage, templates] of stages()) {
      for (const [template, id, fn] of functionsOf(templates)) {
        for (const statement of statementsOf(template, fn)) {
          for (const resource of asList<any>(statement.Resource)) {
            const text = textOf(resource);
            if (text === "*") expect(asList<string>(statement.Action).filter((action) => !WITHOUT_RESOURCE.includes(action)), `${stage} ${id}`).toEqual([]);
            else if (text.includes("*")) expect(NAMED_WILDCARDS.some((allowed) => allowed.test(text)), `${stage} ${id}: ${text}`).toBe(true);
          }
        }
      }
    }
  });

  it("lets the read-only routes write nothing anywhere (the notification endpoint only queues what it received)", () => {
    for (const [stage, templates] of stages()) {
      for (const route of ROUTES.filter((candidate) => candidate.access !== "read-write")) {
        const [, fn] = functionByHandler(templates.Api, route.handler);
        const writes = actionsOf(statementsOf(templates.Api, fn)).filter((action) => WRITES.test(action));
        expect(writes, `${stage} ${routeKey(route)}`).toEqual(routeKey(route) === NOTIFICATIONS_ROUTE ? ["sqs:SendMessage"] : []);
      }
    }
  });

  it("references no other stage's resources: imports, names and parameters are the stage's own", () => {
    for (const [stage, templates] of stages()) {
      const others = stages().map(([name]) => name).filter((name) => name !== stage);
      for (const template of Object.values(templates)) {
        const text = JSON.stringify(template);
        for (const other of others) {
          expect(text.includes(`${other}-fulfillment-`), `${stage} names ${other}`).toBe(false);
          expect(text.includes(`/fulfillment/${other}/`), `${stage} reads ${other}'s parameters`).toBe(false);
        }
        for (const imported of text.match(/"Fn::ImportValue":"[^"]+"/g) ?? []) expect(imported, stage).toContain(`"Fn::ImportValue":"${stage}-fulfillment-`);
      }
    }
  });
});

describe("throttling (throttling.ts, deploy settings)", () => {
  const stageOf = (templates: Templates): Resource => {
    const [[, stage]] = resourcesOf(templates.Api, "AWS::ApiGatewayV2::Stage") as [[string, Resource]];
    return stage;
  };
  const cfn = (limit: { ratePerSecond: number; burst: number }) => ({ ThrottlingRateLimit: limit.ratePerSecond, ThrottlingBurstLimit: limit.burst });

  it("limits every route of the stage by default, and the classed routes by their class, with the safe defaults when nothing is set", () => {
    for (const templates of [dev, iam]) {
      const stage = stageOf(templates);
      expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: DEFAULT_THROTTLES.stage.ratePerSecond, ThrottlingBurstLimit: DEFAULT_THROTTLES.stage.burst });
      const classed = ROUTES.filter((route) => route.throttle);
      expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual(classed.map(routeKey).sort());
      for (const route of classed) expect(stage.Properties.RouteSettings[routeKey(route)], routeKey(route)).toEqual(cfn(throttleOf(route)));
    }
  });

  it("gives the sync, the recompute and the imports the lower limit of expensive routes", () => {
    const expensive = ROUTES.filter((route) => route.throttle === "expensive").map(routeKey).sort();
    expect(expensive).toEqual(["POST /full/storage-costs/recompute", "POST /full/sync", "PUT /full/costs", "PUT /full/local-stock/{warehouse}", "PUT /full/sales"]);
    expect(DEFAULT_THROTTLES.expensive.ratePerSecond).toBeLessThan(DEFAULT_THROTTLES.stage.ratePerSecond);
    expect(DEFAULT_THROTTLES.expensive.burst).toBeLessThan(DEFAULT_THROTTLES.stage.burst);
  });

  it("takes the limits of the deploy's settings", () => {
    const stage = stageOf(prod);
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 40, ThrottlingBurstLimit: 80 });
    expect(stage.Properties.RouteSettings[SYNC_START_ROUTE]).toEqual({ ThrottlingRateLimit: 2, ThrottlingBurstLimit: DEFAULT_THROTTLES.expensive.burst });
  });
});

describe("production hardening (what AWS's rule packs ask for)", () => {
  const policyOf = (template: CfnTemplate, type: string, id: string): string =>
    JSON.stringify(resourcesOf(template, type).find(([, policy]) => JSON.stringify(policy.Properties).includes(`"${id}"`))?.[1].Properties ?? {});

  it("logs every state of the sync in development stages and its errors elsewhere, traced by X-Ray, kept a month", () => {
    for (const [templates, level] of [[dev, "ALL"], [prod, "ERROR"]] as const) {
      const [[, machine]] = resourcesOf(templates.SyncMachine, "AWS::StepFunctions::StateMachine") as [[string, Resource]];
      expect(machine.Properties.LoggingConfiguration).toMatchObject({ Level: level });
      expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    }
  });

  it("sets a retention on every log group it creates, and on the log group of every function, the framework's included", () => {
    for (const template of allTemplates()) {
      for (const [id, group] of resourcesOf(template, "AWS::Logs::LogGroup")) expect(group.Properties.RetentionInDays, id).toBeGreaterThan(0);
      const retained = resourcesOf(template, "Custom::LogRetention").map(([, retention]) => JSON.stringify(retention.Properties.LogGroupName));
      for (const [id] of resourcesOf(template, "AWS::Lambda::Function")) {
        // CDK's log-retention function sets its own log group's retention.
        if (id.startsWith("LogRetention")) continue;
        expect(retained.some((name) => name.includes(`"${id}"`)), id).toBe(true);
      }
    }
  });

  it("serves the console through origin access control, TLS only, logging the bucket's and CloudFront's requests", () => {
    const [siteId, site] = consoleBucketOf(dev);
    const [[logsId, logs]] = resourcesOf(dev.Console, "AWS::S3::Bucket").filter(([id]) => id.startsWith("ConsoleLogs")) as [[string, Resource]];
    expect(site.Properties.LoggingConfiguration).toMatchObject({ DestinationBucketName: { Ref: logsId } });
    expect(logs.Properties.LifecycleConfiguration.Rules[0]).toMatchObject({ ExpirationInDays: 90, Status: "Enabled" });
    for (const id of [siteId, logsId]) expect(policyOf(dev.Console, "AWS::S3::BucketPolicy", id)).toContain('"aws:SecureTransport":"false"');
    expect(resourcesOf(dev.Console, "AWS::CloudFront::CloudFrontOriginAccessIdentity")).toHaveLength(0);
    const [[oacId]] = resourcesOf(dev.Console, "AWS::CloudFront::OriginAccessControl") as [[string, Resource]];
    const [[, distribution]] = resourcesOf(dev.Console, "AWS::CloudFront::Distribution") as [[string, Resource]];
    expect(distribution.Properties.DistributionConfig.Origins[0].OriginAccessControlId).toEqual({ "Fn::GetAtt": [oacId, "Id"] });
    expect(distribution.Properties.DistributionConfig.Logging).toMatchObject({ Bucket: { "Fn::GetAtt": [logsId, "RegionalDomainName"] } });
  });

  it("logs the import bucket's requests to a bucket of its own", () => {
    const [[logsId]] = resourcesOf(dev.Imports, "AWS::S3::Bucket").filter(([id]) => id.startsWith("ImportLogs")) as [[string, Resource]];
    const [[, bucket]] = resourcesOf(dev.Imports, "AWS::S3::Bucket").filter(([id]) => id.startsWith("ImportsBucket")) as [[string, Resource]];
    expect(bucket.Properties.LoggingConfiguration).toMatchObject({ DestinationBucketName: { Ref: logsId } });
    expect(policyOf(dev.Imports, "AWS::S3::BucketPolicy", logsId)).toContain('"aws:SecureTransport":"false"');
  });

  it("refuses plain HTTP on both topics", () => {
    for (const [id] of resourcesOf(dev.Shared, "AWS::SNS::Topic")) expect(policyOf(dev.Shared, "AWS::SNS::TopicPolicy", id), id).toContain('"aws:SecureTransport":"false"');
  });

  it("parks what the asynchronously invoked functions kept failing on in alarmed dead-letter queues, schedules included", () => {
    for (const [template, handler, queue] of [
      [dev.Imports, IMPORT_FILE_HANDLER, "FailedImports"],
      [dev.Alerts, ALERT_DIGEST_HANDLER, "FailedAlertDigests"],
      [dev.Notifications, MISSED_FEEDS_HANDLER, "FailedNotificationDrains"],
    ] as const) {
      const [queueId] = resourcesOf(template, "AWS::SQS::Queue").find(([id]) => id.startsWith(queue))!;
      const [, fn] = functionByHandler(template, handler);
      expect(fn.Properties.DeadLetterConfig, handler).toEqual({ TargetArn: { "Fn::GetAtt": [queueId, "Arn"] } });
      const alarms = resourcesOf(template, "AWS::CloudWatch::Alarm").filter(([, alarm]) => JSON.stringify(alarm.Properties.Dimensions).includes(queueId));
      expect(alarms, queue).toHaveLength(1);
      for (const [, rule] of resourcesOf(template, "AWS::Events::Rule")) {
        expect(rule.Properties.Targets[0].DeadLetterConfig, handler).toEqual({ Arn: { "Fn::GetAtt": [queueId, "Arn"] } });
      }
    }
  });

  it("asks people for 12 characters with upper and lower case, digits and symbols", () => {
    const [[, pool]] = resourcesOf(dev.Auth, "AWS::Cognito::UserPool") as [[string, Resource]];
    expect(pool.Properties.Policies.PasswordPolicy).toMatchObject({ MinimumLength: 12, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true });
  });
});

describe("idempotency records", () => {
  // What Powertools' DynamoDB persistence layer calls: the records live in the single table.
  const RECORD_ACTIONS = ["dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"];

  it("lets exactly the routes that accept an Idempotency-Key keep their records in the service's single table, expired by its TTL", () => {
    const idempotent = ROUTES.filter((route) => route.idempotencyKey);
    expect(idempotent.map(routeKey).sort()).toEqual(["POST /full/sync", "POST /full/tariffs"]);
    const tableNames = new Set(serviceFunctions(dev.Api).map(([, fn]) => JSON.stringify(fn.Properties.Environment.Variables.TABLE_NAME)));
    expect(tableNames.size).toBe(1);
    for (const route of idempotent) {
      const [, fn] = functionByHandler(dev.Api, route.handler);
      expect(dynamoActionsOf(dev.Api, fn), routeKey(route)).toEqual(expect.arrayContaining(RECORD_ACTIONS));
    }
    const [[, table]] = resourcesOf(dev.Storage, "AWS::DynamoDB::Table") as [[string, Resource]];
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true });
    expect(resourcesOf(dev.Storage, "AWS::DynamoDB::Table")).toHaveLength(1);
  });
});

describe("marketplace configuration", () => {
  const marketplaceFunctions = (): Resource[] => [
    ...ROUTES.filter((r) => r.marketplace).map((r) => functionByHandler(dev.Api, r.handler)[1]),
    functionByHandler(dev.SyncMachine, SYNC_STEP_HANDLERS.plan)[1],
    functionByHandler(dev.SyncMachine, SYNC_STEP_HANDLERS.shard)[1],
    functionByHandler(dev.Notifications, NOTIFICATION_CONSUMER_HANDLER)[1],
    functionByHandler(dev.Notifications, MISSED_FEEDS_HANDLER)[1],
  ];

  it("binds the client id and secret from SSM to the marketplace routes, the sync's plan and shard steps and the notifications' consumer and drain only", () => {
    for (const fn of marketplaceFunctions()) {
      const handler = String(fn.Properties.Handler);
      const template = handler.includes("/handlers/sync/") ? dev.SyncMachine : [NOTIFICATION_CONSUMER_HANDLER, MISSED_FEEDS_HANDLER].includes(handler) ? dev.Notifications : dev.Api;
      expect(fn.Properties.Environment.Variables).toMatchObject({
        SST_Secret_value_MARKETPLACE_CLIENT_ID: "__FETCH_FROM_SSM__",
        SST_Secret_value_MARKETPLACE_CLIENT_SECRET: "__FETCH_FROM_SSM__",
        MARKETPLACE_API_URL: "https://api.mercadolibre.com",
      });
      const ssm = ssmResourcesOf(template, fn);
      expect(ssm).toContain("/sst/fulfillment/dev/Secret/MARKETPLACE_CLIENT_ID/value");
      expect(ssm).toContain("/sst/fulfillment/dev/Secret/MARKETPLACE_CLIENT_SECRET/value");
    }
    for (const route of ROUTES.filter((r) => !r.marketplace)) {
      const [, fn] = functionByHandler(dev.Api, route.handler);
      expect(Object.keys(fn.Properties.Environment.Variables).filter((key) => key.includes("MARKETPLACE"))).toEqual([]);
      expect(ssmResourcesOf(dev.Api, fn)).toBe("[]");
    }
    for (const [template, handler] of [
      [dev.Jobs, DAILY_SYNC_HANDLER],
      [dev.SyncMachine, SYNC_STEP_HANDLERS.finalize],
    ] as const) {
      expect(ssmResourcesOf(template, functionByHandler(template, handler)[1]), handler).toBe("[]");
    }
  });

  it("stores the API URL as an SSM parameter, defaulting to the public marketplace API", () => {
    const url = (templates: Templates) =>
      resourcesOf(templates.Shared, "AWS::SSM::Parameter")
        .map(([, p]) => p.Properties)
        .find((p) => String(p.Name).endsWith("/Parameter/MARKETPLACE_API_URL/value"))?.Value;
    expect(url(dev)).toBe("https://api.mercadolibre.com");
    expect(url(prod)).toBe(PROD_SETTINGS.MARKETPLACE_API_URL);
  });

  it("puts no secret value in any template", () => {
    for (const template of allTemplates()) {
      const text = JSON.stringify(template);
      expect(text).not.toContain(CLIENT_ID);
      expect(text).not.toContain(CLIENT_SECRET);
    }
  });
});

describe("daily sync", () => {
  it("runs at 06:00 UTC with retries and a dead-letter queue", () => {
    const [syncId, sync] = functionByHandler(dev.Jobs, DAILY_SYNC_HANDLER);
    const [[queueId]] = resourcesOf(dev.Jobs, "AWS::SQS::Queue") as [[string, Resource]];
    const rules = resourcesOf(dev.Jobs, "AWS::Events::Rule");
    expect(rules).toHaveLength(1);
    const [, rule] = rules[0]!;
    expect(rule.Properties.ScheduleExpression).toBe("cron(0 6 * * ? *)");
    // The one definition the local schedule and GET /full/sync/status's next_scheduled_at read too.
    expect(rule.Properties.ScheduleExpression).toBe(dailySyncCron());
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { "Fn::GetAtt": [syncId, "Arn"] },
        RetryPolicy: expect.objectContaining({ MaximumRetryAttempts: 2 }),
        DeadLetterConfig: { Arn: { "Fn::GetAtt": [queueId, "Arn"] } },
      }),
    ]);
    // Failures of the function itself are retried by Lambda's asynchronous invocation.
    expect(sync.Properties.DeadLetterConfig).toEqual({ TargetArn: { "Fn::GetAtt": [queueId, "Arn"] } });
    const [[, invokeConfig]] = resourcesOf(dev.Jobs, "AWS::Lambda::EventInvokeConfig") as [[string, Resource]];
    expect(invokeConfig.Properties).toMatchObject({ FunctionName: { Ref: syncId }, MaximumRetryAttempts: 2 });
  });

  it("records the run and starts the sync state machine: one minute, read-write table access, StartExecution on that machine only", () => {
    const [, sync] = functionByHandler(dev.Jobs, DAILY_SYNC_HANDLER);
    expect(sync.Properties.Timeout).toBe(60);
    expect(dynamoActionsOf(dev.Jobs, sync)).toEqual(expectedDynamoActions({ access: "read-write" }));
    expect(JSON.stringify(sync.Properties.Environment.Variables.SYNC_STATE_MACHINE_ARN)).toContain("SyncStateMachine");
    const starts = statementsOf(dev.Jobs, sync).filter((statement) => asList(statement.Action).includes("states:StartExecution"));
    expect(starts).toHaveLength(1);
    expect(JSON.stringify(starts[0]!.Resource)).toContain("SyncStateMachine");
    expect(actionsOf(statementsOf(dev.Jobs, sync)).filter((action) => action.startsWith("states:"))).toEqual(["states:StartExecution"]);
  });
});

describe("sync state machine", () => {
  const machine = (): Resource => (resourcesOf(dev.SyncMachine, "AWS::StepFunctions::StateMachine") as [[string, Resource]])[0][1];
  /** The definition with its function ARNs replaced by the logical ids of the functions. */
  const definition = (): Record<string, any> => {
    const parts = machine().Properties.DefinitionString["Fn::Join"][1] as unknown[];
    return JSON.parse(parts.map((part) => (typeof part === "string" ? part : `${(part as any)["Fn::GetAtt"][0]}`)).join(""));
  };
  const functionIdOf = (handler: string): string => functionByHandler(dev.SyncMachine, handler)[0];

  /** The synthesized definition with each function reference resolved to an ARN naming its logical id. */
  const deployedDefinition = (): Record<string, unknown> => {
    const parts = machine().Properties.DefinitionString["Fn::Join"][1] as unknown[];
    const arn = (part: any): string => `arn:aws:lambda:us-east-1:000000000000:function:${part["Fn::GetAtt"][0]}`;
    return JSON.parse(parts.map((part) => (typeof part === "string" ? part : arn(part))).join(""));
  };
  /** A definition with every function ARN blanked: what is left is the orchestration itself. */
  const withoutFunctions = (definition: unknown): unknown => JSON.parse(JSON.stringify(definition).replace(/arn:aws:lambda:[^"]+/g, "(function)"));

  it("is a valid Amazon States Language definition (asl-validator)", () => {
    const validation = aslValidator(deployedDefinition());
    expect(validation.errorsText("\n")).toBe("");
    expect(validation.isValid).toBe(true);
  });

  it("is the definition the local runtime executes, state for state", () => {
    const local = syncStatesLanguage();
    expect(withoutFunctions(local)).toEqual(withoutFunctions(deployedDefinition()));
    // The local interpreter maps each task state by name to the handler its function deploys.
    const states = deployedDefinition().States as Record<string, any>;
    expect(JSON.stringify(states[SYNC_TASK_STATES.plan])).toContain(functionIdOf(SYNC_STEP_HANDLERS.plan));
    expect(JSON.stringify(states.Shards.ItemProcessor.States[SYNC_TASK_STATES.shard])).toContain(functionIdOf(SYNC_STEP_HANDLERS.shard));
    expect(JSON.stringify(states[SYNC_TASK_STATES.finalize])).toContain(functionIdOf(SYNC_STEP_HANDLERS.finalize));
  });

  it("runs plan, then a Distributed Map of shards with bounded concurrency and a retry policy, then finalize", () => {
    const states = definition().States;
    const start = definition().StartAt;
    expect(states[start]).toMatchObject({ Type: "Task", Next: "Shards", ResultPath: "$.plan" });
    expect(JSON.stringify(states[start])).toContain(functionIdOf(SYNC_STEP_HANDLERS.plan));
    const map = states.Shards;
    expect(map).toMatchObject({
      Type: "Map",
      ItemsPath: "$.plan.shards",
      MaxConcurrency: SHARD_MAX_CONCURRENCY,
      ToleratedFailurePercentage: 100,
      // The seller's scope goes with each shard, which enters it again.
      ItemSelector: { "run_id.$": "$.run_id", "scope.$": "$.scope", "shard.$": "$$.Map.Item.Value" },
      ItemProcessor: { ProcessorConfig: { Mode: "DISTRIBUTED" } },
      Next: "Finalize",
    });
    // Shards store their own outcomes: the map's results are discarded, so no ResultWriter is needed
    // and the execution's payload stays small at any catalogue size.
    expect(map.ResultPath).toBeNull();
    expect(map.ResultWriter).toBeUndefined();
    const shard = map.ItemProcessor.States.Shard;
    expect(shard.OutputPath).toBeNull();
    expect(JSON.stringify(shard)).toContain(functionIdOf(SYNC_STEP_HANDLERS.shard));
    expect(shard.Retry).toContainEqual(expect.objectContaining({ ErrorEquals: ["States.ALL"], MaxAttempts: SHARD_RETRIES, BackoffRate: 2 }));
    expect(states.Finalize).toMatchObject({ Type: "Task", Next: "RunOutcome" });
    expect(states.Finalize.Retry).toContainEqual(expect.objectContaining({ ErrorEquals: ["States.ALL"], MaxAttempts: 3 }));
  });

  it("reaches finalize also when the map or the plan fails", () => {
    const states = definition().States;
    expect(states.Shards.Catch).toEqual([expect.objectContaining({ ErrorEquals: ["States.ALL"], Next: "Finalize" })]);
    expect(states[definition().StartAt].Catch).toEqual([expect.objectContaining({ ErrorEquals: ["States.ALL"], Next: "Finalize" })]);
  });

  it("gives each step only what it uses: the table to all three, the marketplace to plan and shard, StartExecution to POST /full/sync alone", () => {
    for (const handler of Object.values(SYNC_STEP_HANDLERS)) {
      const [, fn] = functionByHandler(dev.SyncMachine, handler);
      expect(dynamoActionsOf(dev.SyncMachine, fn), handler).toEqual(expectedDynamoActions({ access: "read-write" }));
      expect(actionsOf(statementsOf(dev.SyncMachine, fn)).filter((action) => action.startsWith("states:") || action.startsWith("lambda:"))).toEqual([]);
    }
    for (const route of ROUTES) {
      const [, fn] = functionByHandler(dev.Api, route.handler);
      const states = actionsOf(statementsOf(dev.Api, fn)).filter((action) => action.startsWith("states:"));
      expect(states, route.handler).toEqual(routeKey(route) === SYNC_START_ROUTE ? ["states:StartExecution"] : []);
      if (routeKey(route) === SYNC_START_ROUTE) expect(JSON.stringify(fn.Properties.Environment.Variables.SYNC_STATE_MACHINE_ARN)).toContain("SyncStateMachine");
    }
    // The machine's role invokes the three step functions and nothing else of Lambda.
    const roleId = machine().Properties.RoleArn["Fn::GetAtt"][0];
    const invoked = resourcesOf(dev.SyncMachine, "AWS::IAM::Policy")
      .filter(([, policy]) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
      .filter((statement) => asList(statement.Action).includes("lambda:InvokeFunction"));
    const text = JSON.stringify(invoked);
    for (const handler of Object.values(SYNC_STEP_HANDLERS)) expect(text).toContain(functionIdOf(handler));
  });

  it("gives the run's rate budget, when set, to the two steps that call the marketplace", () => {
    const budgetOf = (templates: Templates, handler: string) =>
      functionByHandler(templates.SyncMachine, handler)[1].Properties.Environment.Variables.MARKETPLACE_MAX_CALLS_PER_MINUTE;
    expect(budgetOf(prod, SYNC_STEP_HANDLERS.plan)).toBe("600");
    expect(budgetOf(prod, SYNC_STEP_HANDLERS.shard)).toBe("600");
    expect(budgetOf(prod, SYNC_STEP_HANDLERS.finalize)).toBeUndefined();
    for (const handler of Object.values(SYNC_STEP_HANDLERS)) expect(budgetOf(dev, handler), handler).toBeUndefined();
  });

  it("fails the execution of a run that finalize closed as failed, so the failed-executions alarm covers failed runs", () => {
    const states = definition().States;
    expect(states.RunOutcome).toMatchObject({
      Type: "Choice",
      Choices: [{ Variable: "$.state", StringEquals: "failed", Next: "RunFailed" }],
      Default: "RunClosed",
    });
    expect(states.RunFailed).toMatchObject({ Type: "Fail", Error: "SyncRunFailed" });
    expect(states.RunClosed).toMatchObject({ Type: "Succeed" });
  });

  it("alarms on failed and timed-out executions and on errors of each step", () => {
    const alarms = resourcesOf(dev.SyncMachine, "AWS::CloudWatch::Alarm").map(([, alarm]) => alarm.Properties);
    for (const metric of ["ExecutionsFailed", "ExecutionsTimedOut"]) {
      const found = alarms.filter((alarm) => alarm.MetricName === metric && alarm.Namespace === "AWS/States");
      expect(found, metric).toHaveLength(1);
      expect(found[0]).toMatchObject({ Threshold: 1 });
      expect(found[0]!.AlarmActions).toHaveLength(1);
    }
    for (const [id] of serviceFunctions(dev.SyncMachine)) {
      expect(alarms.filter((alarm) => alarm.MetricName === "Errors" && JSON.stringify(alarm.Dimensions).includes(id))).toHaveLength(1);
    }
  });
});

describe("import bucket", () => {
  const bucketOf = (templates: Templates): [string, Resource] => {
    const buckets = resourcesOf(templates.Imports, "AWS::S3::Bucket").filter(([id]) => id.startsWith("ImportsBucket"));
    expect(buckets).toHaveLength(1);
    return buckets[0]!;
  };

  it("is private, encrypted, reachable only over TLS, and kept outside disposable stages", () => {
    const [bucketId, bucket] = bucketOf(dev);
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }] },
    });
    const [[, policy]] = resourcesOf(dev.Imports, "AWS::S3::BucketPolicy").filter(([, p]) => JSON.stringify(p.Properties.Bucket).includes(bucketId)) as [[string, Resource]];
    expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    expect(bucketOf(prod)[1]).toMatchObject({ DeletionPolicy: "Retain" });
    expect(bucket.DeletionPolicy).toBe("Delete");
  });

  it("runs the file import for every CSV created in it (S3 event → Lambda)", () => {
    const [bucketId] = bucketOf(dev);
    const [importId, importFn] = functionByHandler(dev.Imports, IMPORT_FILE_HANDLER);
    const [[, notifications]] = resourcesOf(dev.Imports, "Custom::S3BucketNotifications") as [[string, Resource]];
    expect(notifications.Properties.BucketName).toEqual({ Ref: bucketId });
    expect(notifications.Properties.NotificationConfiguration).toEqual({
      LambdaFunctionConfigurations: [
        {
          Events: ["s3:ObjectCreated:*"],
          Filter: { Key: { FilterRules: [{ Name: "suffix", Value: ".csv" }] } },
          LambdaFunctionArn: { "Fn::GetAtt": [importId, "Arn"] },
        },
      ],
    });
    const permissions = resourcesOf(dev.Imports, "AWS::Lambda::Permission").map(([, p]) => p.Properties);
    expect(permissions).toContainEqual(
      expect.objectContaining({ Action: "lambda:InvokeFunction", Principal: "s3.amazonaws.com", FunctionName: { "Fn::GetAtt": [importId, "Arn"] } }),
    );
    expect(importFn.Properties).toMatchObject({ Runtime: "nodejs22.x", Timeout: 300 });
    expect(importFn.Properties.Environment.Variables.TABLE_NAME).toBeDefined();
  });

  it("lets the import function read the dropped files and write the table, nothing more", () => {
    const [bucketId] = bucketOf(dev);
    const [, importFn] = functionByHandler(dev.Imports, IMPORT_FILE_HANDLER);
    expect(dynamoActionsOf(dev.Imports, importFn)).toEqual(expectedDynamoActions({ access: "read-write" }));
    const s3 = statementsOf(dev.Imports, importFn).filter((statement) => asList<string>(statement.Action).some((action) => action.startsWith("s3:")));
    expect(s3).toHaveLength(1);
    expect(asList(s3[0]!.Action)).toEqual(["s3:GetObject"]);
    expect(JSON.stringify(s3[0]!.Resource)).toContain(bucketId);
    expect(JSON.stringify(s3[0]!.Resource)).toContain("/*");
  });
});

describe("alarms", () => {
  const alarmsOn = (template: CfnTemplate, metric: string, dimension: unknown): Resource[] =>
    resourcesOf(template, "AWS::CloudWatch::Alarm")
      .map(([, alarm]) => alarm)
      .filter((alarm) => alarm.Properties.MetricName === metric)
      .filter((alarm) => JSON.stringify(alarm.Properties.Dimensions).includes(JSON.stringify(dimension)));

  it("watches errors and throttles of every function", () => {
    for (const template of [dev.Api, dev.Jobs, dev.Imports, dev.Notifications]) {
      for (const [id] of serviceFunctions(template)) {
        for (const metric of ["Errors", "Throttles"]) {
          const alarms = alarmsOn(template, metric, { Ref: id });
          expect(alarms, `${metric} of ${id}`).toHaveLength(1);
          expect(alarms[0]!.Properties).toMatchObject({ Threshold: 1, Namespace: "AWS/Lambda" });
          expect(alarms[0]!.Properties.AlarmActions).toHaveLength(1);
        }
      }
    }
  });

  it("fires as soon as the dead-letter queue holds a message", () => {
    const [[queueId]] = resourcesOf(dev.Jobs, "AWS::SQS::Queue") as [[string, Resource]];
    const alarms = alarmsOn(dev.Jobs, "ApproximateNumberOfMessagesVisible", { "Fn::GetAtt": [queueId, "QueueName"] });
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
  });

  it("mails the alarm topic's subscriber when ALARM_EMAIL is set", () => {
    expect(resourcesOf(dev.Shared, "AWS::SNS::Subscription")).toHaveLength(0);
    const [[, subscription]] = resourcesOf(prod.Shared, "AWS::SNS::Subscription") as [[string, Resource]];
    expect(subscription.Properties).toMatchObject({ Protocol: "email", Endpoint: PROD_SETTINGS.ALARM_EMAIL });
  });
});

describe("alerts and operations (stacks/Alerts.ts)", () => {
  const alarm = (description: RegExp): Resource["Properties"] => {
    const found = resourcesOf(dev.Alerts, "AWS::CloudWatch::Alarm").filter(([, resource]) => description.test(String(resource.Properties.AlarmDescription)));
    expect(found, String(description)).toHaveLength(1);
    return found[0]![1].Properties;
  };
  /** The alarm's one action: the alarm topic of the Shared stack, imported. */
  const alarmTopicExport = (properties: Resource["Properties"]): string => {
    expect(properties.AlarmActions).toHaveLength(1);
    return JSON.stringify(properties.AlarmActions[0]);
  };

  it("alarms when no sync succeeded in 26 hours, from the run metric, a missing hour counting as a breach", () => {
    const properties = alarm(/no successful run in 26 hours/);
    expect(properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC.runSucceeded,
      Dimensions: [{ Name: "service", Value: "fulfillment" }],
      Statistic: "Sum",
      Period: 3600,
      EvaluationPeriods: 26,
      DatapointsToAlarm: 26,
      Threshold: 1,
      ComparisonOperator: "LessThanThreshold",
      TreatMissingData: "breaching",
    });
    expect(alarmTopicExport(properties)).toMatch(/Fn::ImportValue.*Alarms/);
  });

  it("alarms on any failed shard and on any message in the alert dead-letter queue, to the alarm topic", () => {
    const shards = alarm(/shards failed/);
    expect(shards).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: METRIC.shardsFailed, Threshold: 0, ComparisonOperator: "GreaterThanThreshold", TreatMissingData: "notBreaching" });
    expect(alarmTopicExport(shards)).toMatch(/Fn::ImportValue.*Alarms/);
    const deadLetters = alarm(/^alert deliveries: .*dead-letter queue/);
    expect(deadLetters).toMatchObject({ MetricName: "ApproximateNumberOfMessagesVisible", Threshold: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
    expect(JSON.stringify(deadLetters.Dimensions[0].Value)).toMatch(/Fn::ImportValue.*AlertDeliveryDeadLetters.*QueueName/);
    expect(alarmTopicExport(deadLetters)).toMatch(/Fn::ImportValue.*Alarms/);
  });

  it("alarms when a sync run's reconciliation finds any drift, from the metric every completed run publishes", () => {
    const drift = alarm(/reconciliation drift/);
    expect(drift).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC.reconciliationDrift,
      Dimensions: [{ Name: "service", Value: "fulfillment" }],
      Statistic: "Maximum",
      Threshold: 0,
      ComparisonOperator: "GreaterThanThreshold",
      EvaluationPeriods: 1,
      TreatMissingData: "notBreaching",
    });
    expect(alarmTopicExport(drift)).toMatch(/Fn::ImportValue.*Alarms/);
  });

  it("queues deliveries with a dead-letter queue after the last attempt, consumed one message at a time with partial failures", () => {
    const queues = Object.fromEntries(resourcesOf(dev.Shared, "AWS::SQS::Queue"));
    const [deliveriesId, deliveries] = Object.entries(queues).find(([id]) => id.startsWith("AlertDeliveries"))!;
    const [deadLettersId] = Object.entries(queues).find(([id]) => id.startsWith("AlertDeliveryDeadLetters"))!;
    expect(deliveries.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { "Fn::GetAtt": [deadLettersId, "Arn"] }, maxReceiveCount: DELIVERY_ATTEMPTS });
    const [consumerId] = functionByHandler(dev.Alerts, ALERT_DELIVERY_HANDLER);
    const [[, mapping]] = resourcesOf(dev.Alerts, "AWS::Lambda::EventSourceMapping") as [[string, Resource]];
    expect(mapping.Properties).toMatchObject({ FunctionName: { Ref: consumerId }, BatchSize: 1, FunctionResponseTypes: ["ReportBatchItemFailures"] });
    expect(JSON.stringify(mapping.Properties.EventSourceArn)).toMatch(new RegExp(`Fn::ImportValue.*${deliveriesId}.*Arn`));
    // The e-mail topic, and a function that ends syncs may queue to both
    expect(resourcesOf(dev.Shared, "AWS::SNS::Topic").map(([id]) => id).some((id) => id.startsWith("AlertEmails"))).toBe(true);
    const [, finalize] = functionByHandler(dev.SyncMachine, SYNC_STEP_HANDLERS.finalize);
    expect(Object.keys(finalize.Properties.Environment.Variables)).toEqual(expect.arrayContaining(["ALERTS_QUEUE_URL", "ALERTS_TOPIC_ARN"]));
    const actions = statementsOf(dev.SyncMachine, finalize).flatMap((statement) => asList<string>(statement.Action));
    expect(actions).toEqual(expect.arrayContaining(["sqs:SendMessage", "sns:Publish", "sns:Subscribe"]));
  });

  it("runs the digest job every hour", () => {
    const rules = resourcesOf(dev.Alerts, "AWS::Events::Rule").map(([, rule]) => rule.Properties.ScheduleExpression);
    expect(rules).toEqual(["cron(0 * * * ? *)"]);
    functionByHandler(dev.Alerts, ALERT_DIGEST_HANDLER);
  });

  it("has an operations dashboard of runs per day by outcome, duration, calls and 429s, alerts opened and cleared", () => {
    const [[, dashboard]] = resourcesOf(dev.Alerts, "AWS::CloudWatch::Dashboard") as [[string, Resource]];
    const body = JSON.parse(textOf(dashboard.Properties.DashboardBody).replace(/<ref:[^>]+>/g, "ref"));
    const metrics = body.widgets.flatMap((widget: { properties: { metrics?: unknown[][] } }) => widget.properties.metrics ?? []);
    const names = metrics.map((metric: unknown[]) => `${metric[0]}/${metric[1]}`);
    for (const name of [
      METRIC.runSucceeded,
      METRIC.runPartial,
      METRIC.runFailed,
      METRIC.runDuration,
      METRIC.marketplaceCalls,
      METRIC.marketplaceThrottled,
      METRIC.alertsOpened,
      METRIC.alertsCleared,
      METRIC.reconciliationDrift,
    ]) {
      expect(names).toContain(`${METRICS_NAMESPACE}/${name}`);
    }
    expect(metrics.every((metric: unknown[]) => (metric.at(-1) as { period: number }).period === 86_400)).toBe(true);
  });
});

describe("marketplace notifications (stacks/Notifications.ts)", () => {
  const queues = () => Object.fromEntries(resourcesOf(dev.Notifications, "AWS::SQS::Queue"));
  const queueId = (prefix: string): string => Object.keys(queues()).find((id) => id.startsWith(prefix))!;

  it("queues them with a dead-letter queue after the last receive, both encrypted and reachable only over TLS", () => {
    const notifications = queues()[queueId("MarketplaceNotifications")]!;
    expect(notifications.Properties).toMatchObject({
      RedrivePolicy: { deadLetterTargetArn: { "Fn::GetAtt": [queueId("NotificationDeadLetters"), "Arn"] }, maxReceiveCount: NOTIFICATION_RECEIVES },
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 180,
    });
    expect(queues()[queueId("NotificationDeadLetters")]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    const tlsOnly = resourcesOf(dev.Notifications, "AWS::SQS::QueuePolicy")
      .map(([, policy]) => JSON.stringify(policy.Properties))
      .filter((policy) => policy.includes('"aws:SecureTransport":"false"'));
    for (const id of [queueId("MarketplaceNotifications"), queueId("NotificationDeadLetters")]) expect(tlsOnly.some((policy) => policy.includes(`"${id}"`)), id).toBe(true);
  });

  it("alarms as soon as the dead-letter queue holds a notification", () => {
    const alarms = resourcesOf(dev.Notifications, "AWS::CloudWatch::Alarm")
      .map(([, alarm]) => alarm.Properties)
      .filter((alarm) => alarm.MetricName === "ApproximateNumberOfMessagesVisible")
      .filter((alarm) => JSON.stringify(alarm.Dimensions).includes(queueId("NotificationDeadLetters")));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      Dimensions: [{ Name: "QueueName", Value: { "Fn::GetAtt": [queueId("NotificationDeadLetters"), "QueueName"] } }],
      Threshold: 1,
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
    });
    expect(JSON.stringify(alarms[0]!.AlarmActions)).toMatch(/Fn::ImportValue.*Alarms/);
  });

  it("consumes batches of ten with partial batch failures, a bounded concurrency, and may hide a message for a Retry-After", () => {
    const [consumerId, consumer] = functionByHandler(dev.Notifications, NOTIFICATION_CONSUMER_HANDLER);
    const [[, mapping]] = resourcesOf(dev.Notifications, "AWS::Lambda::EventSourceMapping") as [[string, Resource]];
    expect(mapping.Properties).toMatchObject({
      FunctionName: { Ref: consumerId },
      EventSourceArn: { "Fn::GetAtt": [queueId("MarketplaceNotifications"), "Arn"] },
      BatchSize: NOTIFICATION_BATCH_SIZE,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      ScalingConfig: { MaximumConcurrency: 5 },
    });
    expect(consumer.Properties.Timeout).toBe(30);
    expect(dynamoActionsOf(dev.Notifications, consumer)).toEqual(expectedDynamoActions({ access: "read-write" }));
    expect(actionsOf(statementsOf(dev.Notifications, consumer))).toEqual(expect.arrayContaining(["sqs:ChangeMessageVisibility", "sqs:DeleteMessage", "sqs:ReceiveMessage"]));
  });

  it("lets the consumer queue the deliveries of the alerts its operations changed", () => {
    const [, consumer] = functionByHandler(dev.Notifications, NOTIFICATION_CONSUMER_HANDLER);
    expect(JSON.stringify(consumer.Properties.Environment.Variables.ALERTS_QUEUE_URL)).toMatch(/Fn::ImportValue.*AlertDeliveries/);
    const sends = statementsOf(dev.Notifications, consumer).filter((statement) => asList(statement.Action).includes("sqs:SendMessage"));
    expect(sends.map((statement) => JSON.stringify(statement.Resource))).toEqual([expect.stringMatching(/Fn::ImportValue.*AlertDeliveries/)]);
  });

  it("drains the missed notifications every hour at half past, queueing them on the same queue", () => {
    const rules = resourcesOf(dev.Notifications, "AWS::Events::Rule").map(([, rule]) => rule.Properties.ScheduleExpression);
    expect(rules).toEqual(["cron(30 * * * ? *)"]);
    const [, drain] = functionByHandler(dev.Notifications, MISSED_FEEDS_HANDLER);
    const sends = statementsOf(dev.Notifications, drain).filter((statement) => asList(statement.Action).includes("sqs:SendMessage"));
    // The other send: a drain that kept failing, to its dead-letter queue.
    expect(sends.map((statement) => statement.Resource)).toEqual(
      expect.arrayContaining([{ "Fn::GetAtt": [queueId("MarketplaceNotifications"), "Arn"] }, { "Fn::GetAtt": [queueId("FailedNotificationDrains"), "Arn"] }]),
    );
    expect(sends).toHaveLength(2);
    expect(drain.Properties.Environment.Variables.NOTIFICATIONS_QUEUE_URL).toEqual({ Ref: queueId("MarketplaceNotifications") });
  });

  it("lets the endpoint read the table and send to that queue, nothing more, with no authorizer in any mode", () => {
    const route = ROUTES.find((candidate) => routeKey(candidate) === NOTIFICATIONS_ROUTE)!;
    const [, endpoint] = functionByHandler(dev.Api, route.handler);
    expect(dynamoActionsOf(dev.Api, endpoint)).toEqual(READ);
    const sqsActions = actionsOf(statementsOf(dev.Api, endpoint)).filter((action) => action.startsWith("sqs:"));
    expect(sqsActions).toContain("sqs:SendMessage");
    expect(sqsActions.filter((action) => action !== "sqs:SendMessage" && !action.startsWith("sqs:GetQueue"))).toEqual([]);
    expect(JSON.stringify(endpoint.Properties.Environment.Variables.NOTIFICATIONS_QUEUE_URL)).toMatch(/Fn::ImportValue.*MarketplaceNotifications/);
    for (const templates of [dev, prod, iam]) {
      const [, resource] = resourcesOf(templates.Api, "AWS::ApiGatewayV2::Route").find(([, r]) => r.Properties.RouteKey === NOTIFICATIONS_ROUTE)!;
      expect(resource.Properties.AuthorizationType).toBe("NONE");
    }
  });

  it("throttles the route on the API's stage, so a flood cannot fill the queue", () => {
    const route = ROUTES.find((candidate) => routeKey(candidate) === NOTIFICATIONS_ROUTE)!;
    for (const templates of [dev, prod, iam]) {
      const [[, stage]] = resourcesOf(templates.Api, "AWS::ApiGatewayV2::Stage") as [[string, Resource]];
      expect(stage.Properties.RouteSettings[NOTIFICATIONS_ROUTE]).toEqual({ ThrottlingRateLimit: throttleOf(route).ratePerSecond, ThrottlingBurstLimit: throttleOf(route).burst });
    }
  });

  it("watches errors and throttles of the consumer and the drain", () => {
    for (const handler of [NOTIFICATION_CONSUMER_HANDLER, MISSED_FEEDS_HANDLER]) {
      const [id] = functionByHandler(dev.Notifications, handler);
      const metrics = resourcesOf(dev.Notifications, "AWS::CloudWatch::Alarm")
        .map(([, alarm]) => alarm.Properties)
        .filter((alarm) => JSON.stringify(alarm.Dimensions ?? []).includes(JSON.stringify({ Ref: id })))
        .map((alarm) => alarm.MetricName)
        .sort();
      expect(metrics, handler).toEqual(["Errors", "Throttles"]);
    }
  });
});
