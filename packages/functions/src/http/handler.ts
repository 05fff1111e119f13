import middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { routeOf, type Route, type RouteKey } from "../routes.js";
import { responseCompression } from "./compression.js";
import { errorBody } from "./envelope.js";
import { statusOf } from "./error-status.js";
import { PayloadTooLargeError } from "./errors.js";
import { MAX_REQUEST_BODY_BYTES } from "./limits.js";
import { logger } from "./logger.js";
import { toRequest, type HttpRequest, type HttpResult } from "./request.js";
import { jsonResponse, textResponse } from "./response.js";

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

const requestLogging: Middleware = {
  before: (request) => {
    logger.addContext(request.context);
    logger.appendKeys({ route: `${request.event.requestContext?.http?.method} ${request.event.rawPath}` });
  },
};

/**
 * Domain errors answer with the status of http/error-status.ts and their own message. Unexpected
 * errors are logged once, with their stack, and answered with a readable message that holds no
 * internals: 500, or what the route table says a storage failure of that route answers.
 */
function errorEnvelope(route: Route): Middleware {
  return {
    onError: (request) => {
      const error = request.error;
      const status = statusOf(error);
      if (status !== undefined) {
        if (status >= 500) logger.warn("Request refused", { reason: (error as Error).message });
        request.response = jsonResponse(status, errorBody(route.envelope, (error as Error).message));
        return;
      }
      if (route.storageFailure) {
        logger.error(`Storage failure: ${route.storageFailure}`, error as Error);
        request.response = jsonResponse(400, errorBody(route.envelope, `Storage failure: could not ${route.storageFailure}`));
        return;
      }
      logger.error("Unexpected failure", error as Error);
      const requestId = request.context?.awsRequestId;
      request.response = jsonResponse(
        500,
        errorBody(route.envelope, `Unexpected failure while handling the request${requestId ? ` (request id ${requestId})` : ""}`),
      );
    },
  };
}

/**
 * Wraps an endpoint: size limit, request parsing, one place that turns errors into the endpoint
 * family's envelope (from the route table), and response compression that keeps answers under
 * the Lambda payload limit. Middy runs `after`/`onError` in reverse `use` order: error mapping
 * first, compression after it.
 */
export function httpHandler(key: RouteKey, run: (request: HttpRequest) => Promise<HttpResult>): HttpHandler {
  const route = routeOf(key);
  const base = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    // The decoded size: base64 padding does not count, so a body of exactly the limit passes either way.
    const rawLength = event.body ? Buffer.byteLength(event.body, event.isBase64Encoded ? "base64" : "utf8") : 0;
    const limit = route.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
    if (rawLength > limit) throw new PayloadTooLargeError(limit);
    const result = await run(toRequest(event));
    return result.contentType
      ? textResponse(result.statusCode, String(result.body), result.contentType, result.headers)
      : jsonResponse(result.statusCode, result.body, result.headers);
  };
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(base)
    .use(requestLogging)
    .use(responseCompression(route.envelope) as unknown as Middleware[])
    .use(errorEnvelope(route)) as unknown as HttpHandler;
}
