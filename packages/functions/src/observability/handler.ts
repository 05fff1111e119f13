/**
 * The observability middlewares every handler carries (the HTTP handlers through http/handler.ts,
 * the sync steps and jobs through `observedHandler`): the Lambda context on every log line
 * (Powertools Logger's injectLambdaContext), a trace segment per invocation (Tracer) and the
 * metrics the invocation added, published at its end (Metrics).
 */
import middy from "@middy/core";
import type { Context } from "aws-lambda";
import { injectLambdaContext } from "@aws-lambda-powertools/logger/middleware";
import { captureLambdaHandler } from "@aws-lambda-powertools/tracer/middleware";
import { logger } from "#logging/logger";
import { publishMetrics } from "./metrics.js";
import { tracer } from "./tracing.js";

/** The trace segment's middleware only where the Tracer records (in Lambda with tracing on), as the metrics' only where they publish. */
const traceInvocation = () => (tracer.isTracingEnabled() ? [captureLambdaHandler(tracer)] : []);

export const observability = () => [injectLambdaContext(logger), ...traceInvocation(), ...publishMetrics()];

/** A step or job handler with the observability middlewares; callable in process without a Lambda context. */
export function observedHandler<E, R>(run: (event: E, context: Context) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  const wrapped = middy<E, R>(run).use(observability()) as unknown as (event: E, context: Context) => Promise<R>;
  return (event, context) => wrapped(event, context ?? ({ functionName: "local", awsRequestId: "local" } as Context));
}
