import { defaultProvider } from "@aws-sdk/credential-provider-node";
import { Hash } from "@smithy/hash-node";
import { SignatureV4 } from "@smithy/signature-v4";
import type { Authorize } from "./flow.js";

/** "abc123.execute-api.sa-east-1.amazonaws.com" → "sa-east-1". */
export const regionOfApiHost = (host: string): string | undefined => /\.execute-api\.([a-z0-9-]+)\.amazonaws\.com$/.exec(host)?.[1];

/** IAM authorization: each request signed with Signature Version 4 from the default AWS credential chain. */
export function sigv4(region: string): Authorize {
  const signer = new SignatureV4({ service: "execute-api", region, credentials: defaultProvider(), sha256: Hash.bind(null, "sha256") });
  return async ({ method, url }) => {
    const signed = await signer.sign({
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { host: url.host },
    });
    const { host: _host, ...headers } = signed.headers;
    return headers;
  };
}

/** JWT authorization: the bearer token. */
export const bearer = (token: string): Authorize => async () => ({ authorization: `Bearer ${token}` });
