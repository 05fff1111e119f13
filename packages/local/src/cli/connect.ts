import { parseArgs } from "node:util";
import { bearer, regionOfApiHost, sigv4 } from "../connect/authorize.js";
import { ConnectError, connectAccount, type Authorize } from "../connect/flow.js";

const USAGE = `Usage: npm run connect -- [--api URL] [--token JWT | --sigv4 [--region REGION]]

Connects the seller's Mercado Livre account to the service at URL (default: API_URL, else
http://127.0.0.1:$PORT as npm start serves it): prints the authorization page to open, then waits
until the service has stored the account. A deployed API (execute-api host) is called with
SigV4 from the default AWS credential chain, or with --token (API_TOKEN) in JWT mode.`;

/** npm run connect: the account connection from a terminal. */
async function main(): Promise<number> {
  let values: { api?: string; token?: string; sigv4?: boolean; region?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { api: { type: "string" }, token: { type: "string" }, sigv4: { type: "boolean" }, region: { type: "string" }, help: { type: "boolean" } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const api = values.api ?? process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}`;
  const host = new URL(api).hostname;
  const token = values.token ?? process.env.API_TOKEN;
  const region = values.region ?? regionOfApiHost(host) ?? process.env.AWS_REGION;
  let authorize: Authorize | undefined;
  if (token) authorize = bearer(token);
  else if (values.sigv4 || regionOfApiHost(host)) {
    if (!region) {
      console.error("--sigv4 needs --region (or AWS_REGION)");
      return 2;
    }
    authorize = sigv4(region);
  }
  try {
    const account = await connectAccount({ api, authorize, print: (line) => console.log(line) });
    console.log(`Connected: ${account.nickname ?? "seller"} (user ${account.user_id}, site ${account.site_id ?? "?"}). Run a sync to discover the catalogue.`);
    return 0;
  } catch (error) {
    console.error(error instanceof ConnectError ? error.message : `Connect failed: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
