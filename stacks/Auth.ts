import { Duration, Stack } from "aws-cdk-lib";
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  LambdaVersion,
  ResourceServerScope,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolOperation,
  type UserPoolResourceServer,
  type UserPoolDomain,
} from "aws-cdk-lib/aws-cognito";
import { Function as SstFunction, type StackContext } from "sst/constructs";
import { ACCESS_GROUPS } from "@fulfillment/functions/access-groups";
import { PRE_TOKEN_HANDLER, SCOPES } from "@fulfillment/functions/routes";
import { MACHINE_CLIENT_SELLERS_ENV } from "@fulfillment/functions/config/auth";
import { userPoolName } from "./names.js";
import { isDevelopmentStage, readDeploySettings } from "./deploy-settings.js";
import { FUNCTION_DEFAULTS } from "./functions.js";

const GROUP_DESCRIPTIONS: Record<keyof typeof ACCESS_GROUPS, string> = {
  operadores: "Read and change stock, tariffs, planning and imports; start syncs",
  leitura: "Read only",
  administradores: "Everything, settings, history and the marketplace account included",
};

/** The route table's scopes by resource server: "fulfillment/read" is scope "read" of server "fulfillment". */
export function resourceServersOfScopes(scopes: readonly string[] = SCOPES): Map<string, string[]> {
  const servers = new Map<string, string[]>();
  for (const scope of scopes) {
    const slash = scope.indexOf("/");
    const identifier = scope.slice(0, slash);
    servers.set(identifier, [...(servers.get(identifier) ?? []), scope.slice(slash + 1)]);
  }
  return servers;
}

export interface UserDirectory {
  userPool: UserPool;
  domain: UserPoolDomain;
  /** The tokens' `iss`, where the console finds the pool's OpenID configuration. */
  issuer: string;
  /** The hosted sign-in pages. */
  signInUrl: string;
  /** The route table's scopes, one server per prefix. */
  resourceServers: UserPoolResourceServer[];
}

/**
 * The user directory of AUTH_MODE=cognito (the default): a user pool with a hosted sign-in domain,
 * resource servers holding the route table's scopes, one group per access level, and a
 * pre-token-generation trigger that puts the scopes of a person's groups in their access token, and
 * the sellers granted to a person (their `seller-<user_id>` groups) or a machine client
 * (API_MACHINE_CLIENT_SELLERS).
 * Invitations only: nobody signs up alone. The console's app client is made by the Console stack
 * (its callback is the console's address); machine clients by `npm run clients`.
 */
export function Auth({ stack, app }: StackContext): { directory: UserDirectory | undefined } {
  const settings = readDeploySettings();
  if (settings.auth.mode !== "cognito") return { directory: undefined };

  const userPool = new UserPool(stack, "Users", {
    userPoolName: userPoolName(app.stage),
    selfSignUpEnabled: false,
    signInAliases: { email: true },
    autoVerify: { email: true },
    standardAttributes: { email: { required: true, mutable: true } },
    passwordPolicy: { minLength: 12, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true, tempPasswordValidity: Duration.days(7) },
    accountRecovery: AccountRecovery.EMAIL_ONLY,
    // Access-token customisation (scopes per group) needs the Essentials plan; kept stages take Plus for
    // threat protection (compromised credentials, risky sign-ins blocked), disposable ones stay on Essentials.
    ...(isDevelopmentStage(app.stage)
      ? { featurePlan: FeaturePlan.ESSENTIALS }
      : { featurePlan: FeaturePlan.PLUS, standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION }),
    userInvitation: {
      emailSubject: "Seu acesso ao console de Full",
      emailBody: "Você foi convidado para o console de operações de Full. Usuário: {username} · senha temporária: {####}",
    },
  });

  // Version 3 also runs for machine clients' tokens (client credentials), to add the sellers they are granted.
  const trigger = new SstFunction(stack, "PreTokenGeneration", {
    ...FUNCTION_DEFAULTS,
    handler: PRE_TOKEN_HANDLER,
    timeout: 5,
    environment: { [MACHINE_CLIENT_SELLERS_ENV]: JSON.stringify(settings.auth.machineClientSellers) },
  });
  userPool.addTrigger(UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, trigger, LambdaVersion.V3_0);

  const resourceServers = [...resourceServersOfScopes()].map(([identifier, names]) =>
    userPool.addResourceServer(`Scopes${identifier[0]!.toUpperCase()}${identifier.slice(1)}`, {
      identifier,
      userPoolResourceServerName: identifier,
      scopes: names.map((scopeName) => new ResourceServerScope({ scopeName, scopeDescription: `${identifier}/${scopeName}` })),
    }),
  );

  for (const [groupName, description] of Object.entries(GROUP_DESCRIPTIONS)) {
    new CfnUserPoolGroup(stack, `Group${groupName[0]!.toUpperCase()}${groupName.slice(1)}`, { userPoolId: userPool.userPoolId, groupName, description });
  }

  // The prefix is global to the region: the app, the stage and the account make it unique.
  const domain = userPool.addDomain("SignIn", { cognitoDomain: { domainPrefix: `${app.name}-${app.stage}-${Stack.of(stack).account}` } });
  const issuer = `https://cognito-idp.${stack.region}.amazonaws.com/${userPool.userPoolId}`;

  stack.addOutputs({ UserPoolId: userPool.userPoolId, SignInUrl: domain.baseUrl() });
  return { directory: { userPool, domain, issuer, signInUrl: domain.baseUrl(), resourceServers } };
}
