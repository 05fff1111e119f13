/**
 * Synthesizes the whole app in deploy mode, offline, for the template tests (stacks.test.ts,
 * nag.test.ts): the same path as `sst deploy --stage <stage>`, minus the upload.
 *
 * Deploy mode bundles every function with esbuild. The bundles are built from one-line stand-ins
 * written to a temporary copy of the handler tree, so the tests depend on the route table only,
 * not on the handlers' code.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { App as CdkApp } from "aws-cdk-lib";
import {
  ALERT_DELIVERY_HANDLER,
  ALERT_DIGEST_HANDLER,
  DAILY_SYNC_HANDLER,
  IMPORT_FILE_HANDLER,
  MISSED_FEEDS_HANDLER,
  NOTIFICATION_CONSUMER_HANDLER,
  PRE_TOKEN_HANDLER,
  ROUTES,
  SYNC_STEP_HANDLERS,
} from "@fulfillment/functions/routes";

export interface Resource {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Metadata?: Record<string, any>;
}
export interface CfnTemplate {
  Resources: Record<string, Resource>;
}
export const STACK_NAMES = ["Storage", "Shared", "SyncMachine", "Auth", "Api", "Jobs", "Imports", "Console", "Alerts", "Notifications"] as const;
export type StackName = (typeof STACK_NAMES)[number];
export type Templates = Record<StackName, CfnTemplate>;

export const ACCOUNT = "123456789012";
export const CLIENT_ID = "client-id-that-must-stay-in-ssm";
export const CLIENT_SECRET = "client-secret-that-must-stay-in-ssm";
export const STAND_IN_BODY = "stand-in";

/** Every deploy setting unset: the defaults. */
export const SETTINGS_UNSET: Record<string, string> = {
  AUTH_MODE: "",
  API_MACHINE_CLIENT_IDS: "",
  API_MACHINE_CLIENT_SELLERS: "",
  JWT_ISSUER: "",
  JWT_AUDIENCE: "",
  CORS_ORIGINS: "",
  CONSOLE_ORIGIN: "",
  MARKETPLACE_API_URL: "",
  ALARM_EMAIL: "",
  MARKETPLACE_MAX_CALLS_PER_MINUTE: "",
  API_THROTTLE_RATE: "",
  API_THROTTLE_BURST: "",
};

/** A package root holding a stand-in for every handler of the route table, and the console's build output. */
function writeStandIns(root: string): void {
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "stacks-test", type: "module" }));
  for (const handler of [...ROUTES.map((route) => route.handler), DAILY_SYNC_HANDLER, IMPORT_FILE_HANDLER, PRE_TOKEN_HANDLER, ALERT_DIGEST_HANDLER, ALERT_DELIVERY_HANDLER, NOTIFICATION_CONSUMER_HANDLER, MISSED_FEEDS_HANDLER, ...Object.values(SYNC_STEP_HANDLERS)]) {
    const file = path.join(root, handler.replace(/\.handler$/, ".ts"));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `export const handler = async () => ({ statusCode: 200, body: "${STAND_IN_BODY}" });\n`);
  }
  // The console's build command (`npm run build`) is the no-op npm below.
  const site = path.join(root, "packages", "web", "dist");
  mkdirSync(site, { recursive: true });
  writeFileSync(path.join(site, "index.html"), "<!DOCTYPE html><title>console</title>\n");
  writeFileSync(path.join(site, "config.js"), 'window.__CONSOLE_CONFIG__ = {"apiUrl":"{{ CONSOLE_API_URL }}"};\n');
  // Each deploy build runs `npm install` for native externals even when there are none; skip that.
  mkdirSync(path.join(root, "bin"));
  writeFileSync(path.join(root, "bin", "npm"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
}

export interface Synthesizer {
  /** The temporary package root the bundles are built in. */
  root: string;
  /** Synthesizes a stage with these deploy settings; `prepare` sees the app once its stacks exist. */
  synthesize(stage: string, settings: Record<string, string>, prepare?: (app: CdkApp) => void): Promise<Templates>;
  /** Back to the original working directory, the temporary root removed. */
  dispose(): void;
}

/**
 * Moves into a temporary package root and loads SST from there: its bundler resolves handler paths
 * against the working directory of the moment it is first loaded, so nothing may import SST before.
 */
export async function createSynthesizer(): Promise<Synthesizer> {
  const originalCwd = process.cwd();
  const root = mkdtempSync(path.join(os.tmpdir(), "fulfillment-stacks-"));
  writeStandIns(root);
  process.chdir(root);
  const sstConfig = (await import("../sst.config.js")).default;
  const { name, region } = sstConfig.config();
  // initProject needs a config file in the root; this one carries the real name and region.
  writeFileSync(path.join(root, "sst.config.mjs"), `export default { config: () => (${JSON.stringify({ name, region })}), stacks() {} };\n`);
  const { initProject } = await import("sst/project.js");
  const { App, getStack } = await import("sst/constructs");
  const { Template } = await import("aws-cdk-lib/assertions");
  const stacks = {
    Storage: (await import("./Storage.js")).Storage,
    Shared: (await import("./Shared.js")).Shared,
    SyncMachine: (await import("./SyncMachine.js")).SyncMachine,
    Auth: (await import("./Auth.js")).Auth,
    Api: (await import("./Api.js")).Api,
    Jobs: (await import("./Jobs.js")).Jobs,
    Imports: (await import("./Imports.js")).Imports,
    Console: (await import("./Console.js")).Console,
    Alerts: (await import("./Alerts.js")).Alerts,
    Notifications: (await import("./Notifications.js")).Notifications,
  };

  async function synthesize(stage: string, settings: Record<string, string>, prepare?: (app: CdkApp) => void): Promise<Templates> {
    const env: Record<string, string> = {
      ...settings,
      MARKETPLACE_CLIENT_ID: CLIENT_ID,
      MARKETPLACE_CLIENT_SECRET: CLIENT_SECRET,
      // SST skips its bootstrap lookup, the only AWS call of a synth, under test.
      NODE_ENV: "test",
      PATH: `${path.join(root, "bin")}${path.delimiter}${process.env.PATH}`,
    };
    const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
    Object.assign(process.env, env);
    try {
      await initProject({ stage, root });
      const outdir = path.join(root, `cdk.out.${stage}`);
      const app = new App({ mode: "deploy", stage, region, account: ACCOUNT, name }, { outdir });
      await sstConfig.stacks(app);
      await app.finish();
      prepare?.(app);
      const templates = Object.entries(stacks).map(([id, stack]) => [id, Template.fromStack(getStack(stack)).toJSON()]);
      return Object.fromEntries(templates) as Templates;
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  }

  return {
    root,
    synthesize,
    dispose: () => {
      process.chdir(originalCwd);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
