/**
 * Where a running `npm start` serves its sandbox marketplace (a free port chosen at start): kept in
 * a file of the user's runtime folder named by the API's port while it runs, so `npm run sandbox`
 * in another terminal finds it.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runtimeDir } from "../engine/access-key.js";

export const sandboxAddressPath = (apiPort: number, env: NodeJS.ProcessEnv = process.env): string => join(runtimeDir(env), `fulfillment-sandbox-${apiPort}.url`);

export function writeSandboxAddress(apiPort: number, url: string): void {
  writeFileSync(sandboxAddressPath(apiPort), `${url}\n`, { mode: 0o600 });
}

export function readSandboxAddress(apiPort: number): string | undefined {
  try {
    return readFileSync(sandboxAddressPath(apiPort), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

export function removeSandboxAddress(apiPort: number): void {
  rmSync(sandboxAddressPath(apiPort), { force: true });
}
