import { StaticSite, use, type StackContext } from "sst/constructs";
import { Api } from "./Api.js";
import { readConsoleSignIn, readDeploySettings } from "./deploy-settings.js";

const placeholder = (name: string): string => `{{ ${name} }}`;

/**
 * The operations console (packages/web) as a static site: S3 behind CloudFront. Its config.js
 * is built with placeholders that the upload fills in: the API URL (known once the API exists)
 * and the JWT sign-in of the stack, so the build is the same for every stage.
 */
export function Console({ stack }: StackContext) {
  const { api } = use(Api);
  const settings = readDeploySettings();
  const signIn = readConsoleSignIn(settings.auth);
  const values: Record<string, string> = {
    CONSOLE_AUTH_MODE: settings.auth.mode,
    CONSOLE_JWT_ISSUER: settings.auth.mode === "jwt" ? settings.auth.issuer : "",
    CONSOLE_JWT_CLIENT_ID: signIn?.clientId ?? "",
    CONSOLE_JWT_SCOPE: signIn?.scope ?? "",
  };

  const site = new StaticSite(stack, "Console", {
    path: "packages/web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    // The API URL is a deploy-time value: SST puts its placeholder in the build and fills it in on upload.
    environment: { CONSOLE_API_URL: api.url, ...Object.fromEntries(Object.keys(values).map((name) => [name, placeholder(name)])) },
    replaceValues: Object.entries(values).map(([name, value]) => ({ files: "config.js", search: placeholder(name), replace: value })),
  });

  stack.addOutputs({ ConsoleUrl: site.url });
  return { site };
}
