import type middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { NegotiatedContext } from "./negotiation.js";

type Request = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, NegotiatedContext>;
type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, NegotiatedContext>;

/** Answers whose encoded form is kept, and the longest body kept: a few MB at most per container. */
const KEPT_ANSWERS = 16;
const KEPT_MAX_CHARS = 64 * 1024;

const noTransform = (value: unknown): boolean => String(value ?? "").includes("no-transform");

function header(headers: Record<string, unknown> | undefined, name: string): unknown {
  return headers?.[name] ?? headers?.[name.toLowerCase()];
}

/**
 * The encoder (@middy/http-content-encoding) with the encoded form of the last answers kept, by
 * coding and text: the settings, the tariffs and the defaults are the same text read after read,
 * and compressing them again cost more than reading them. Only the plain case is kept (a text
 * body, no encoding yet, no `no-transform`); anything else goes to the encoder as it comes.
 */
export function keepEncodings(encoder: Middleware): Middleware {
  const kept = new Map<string, string>();
  const after = async (request: Request): Promise<void> => {
    const response = request.response;
    const coding = request.context.preferredEncoding;
    const plain =
      coding !== undefined &&
      response !== null &&
      typeof response === "object" &&
      typeof response.body === "string" &&
      response.body.length <= KEPT_MAX_CHARS &&
      !response.isBase64Encoded &&
      header(response.headers, "Content-Encoding") === undefined &&
      !noTransform(header(response.headers, "Cache-Control")) &&
      !noTransform(header(request.event?.headers, "cache-control"));
    if (!plain) return encoder.after?.(request);
    const key = `${coding}\u0000${response.body}`;
    const encoded = kept.get(key);
    if (encoded === undefined) {
      await encoder.after?.(request);
      const result = request.response;
      if (result?.isBase64Encoded && header(result.headers, "Content-Encoding") === coding && typeof result.body === "string") {
        kept.set(key, result.body);
        if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
      }
      return;
    }
    // As the encoder sets them: the coding, the base64 body, and Accept-Encoding added to Vary.
    kept.delete(key);
    kept.set(key, encoded);
    const headers = (response.headers ??= {});
    headers["Content-Encoding"] = coding;
    const vary = headers.vary ? "vary" : "Vary";
    headers[vary] = headers[vary] ? `${String(headers[vary])}, Accept-Encoding` : "Accept-Encoding";
    response.body = encoded;
    response.isBase64Encoded = true;
  };
  return {
    after,
    onError: async (request) => {
      if (request.response !== undefined) await after(request);
    },
  };
}
