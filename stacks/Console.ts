import { OAuthScope, UserPoolClient, UserPoolClientIdentityProvider } from "aws-cdk-lib/aws-cognito";
import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { StaticSite, use, type StackContext } from "sst/constructs";
import { SCOPES } from "@fulfillment/functions/routes";
import { Auth } from "./Auth.js";
import { accessLogBucket } from "./buckets.js";

/** What the console asks the user pool for: who the person is, and every API scope (the pool narrows them to the person's groups). */
export const CONSOLE_SCOPES = ["openid", "email", "profile", ...SCOPES] as const;

/**
 * The operations console (packages/web) as a static site: S3 behind CloudFront. The same build
 * serves every stage: where the API is and how to sign in arrive in `deploy-config.js`, which the
 * Api stack writes into the bucket once the API exists (so the console comes first, and the API
 * can name its address as the one CORS origin and its sign-in client as an audience).
 *
 * Under AUTH_MODE=cognito it also makes the console's app client at the user pool: authorization
 * code with PKCE, no secret, signing in and out only back to this site's address.
 *
 * The bucket is private and TLS only; CloudFront reaches it through origin access control, and
 * both log their requests to the stack's access-log bucket.
 */
export function Console({ stack }: StackContext): { site: StaticSite; consoleUrl: string; consoleClient: UserPoolClient | undefined } {
  const { directory } = use(Auth);

  const logs = accessLogBucket(stack, "ConsoleLogs", stack.stage);
  // The site's files are rebuilt by every deploy: the bucket goes with the stack, as StaticSite's own would.
  const bucket = new Bucket(stack, "ConsoleFiles", {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    serverAccessLogsBucket: logs,
    serverAccessLogsPrefix: "console-bucket/",
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
  });
  const site = new StaticSite(stack, "Console", {
    path: "packages/web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    // deploy-config.js is the Api stack's file: an upload of the site must leave it in place.
    purgeFiles: false,
    cdk: {
      bucket,
      distribution: {
        enableLogging: true,
        logBucket: logs,
        logFilePrefix: "cloudfront/",
        defaultBehavior: { origin: S3BucketOrigin.withOriginAccessControl(bucket) },
      },
    },
  });
  const consoleUrl = `${site.url}/`;

  // Made here, not by the pool's own stack: its callback is this site's address.
  const consoleClient = directory && new UserPoolClient(stack, "ConsoleClient", {
    userPool: directory.userPool,
    userPoolClientName: "console",
    generateSecret: false,
    authFlows: {},
    oAuth: {
      flows: { authorizationCodeGrant: true },
      scopes: CONSOLE_SCOPES.map((scope) => OAuthScope.custom(scope)),
      callbackUrls: [consoleUrl],
      logoutUrls: [consoleUrl],
    },
    supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    accessTokenValidity: Duration.hours(1),
    idTokenValidity: Duration.hours(1),
    refreshTokenValidity: Duration.days(30),
  });
  // The custom scopes must exist before a client may be given them.
  if (consoleClient) for (const server of directory!.resourceServers) consoleClient.node.addDependency(server);

  stack.addOutputs({ ConsoleUrl: site.url, ...(consoleClient ? { ConsoleClientId: consoleClient.userPoolClientId } : {}) });
  return { site, consoleUrl, consoleClient };
}
