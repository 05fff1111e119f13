/**
 * The observability middlewares every handler carries (the HTTP handlers through http/handler.ts,
 * the sync steps and jobs through `observedHandler`): the Lambda context on every log line
 * (Powertools Logger), a trace segment per invocation (Tracer) and the metrics the invocation
 * added, published at its end (Metrics).
 */
import middy from "@middy/core";
import type { Context } from "aws-lambda";
import { injectLambdaContext } from "@aws-lambda-powertools/logger/middleware";
import { captureLambdaHandler } from "@aws-lambda-powertools/tracer/middleware";
import { logger } from "#logging/logger";
import { logSamplingOn } from "../config/observability.js";
import { publishMetrics } from "./metrics.js";
import { tracer } from "./tracing.js";

/** The trace segment's middleware only where the Tracer records (in Lambda with tracing on), as the metrics' only where they publish. */
const traceInvocation = () => (tracer.isTracingEnabled() ? [captureLambdaHandler(tracer)] : []);

type ContextRequest = { event: unknown; context: Context };

/**
 * The Lambda context on every log line. Powertools' injectLambdaContext also recomputes the debug
 * sampling and resets the log level on every invocation, and empties a log buffer: the service
 * configures neither sampling nor a buffer, so without POWERTOOLS_LOGGER_SAMPLE_RATE the context
 * (and the event, when POWERTOOLS_LOGGER_LOG_EVENT asks for it) is all there is to add, at a
 * tenth of the cost on a read that answers in well under a millisecond.
 */
const logContext = () =>
  logSamplingOn()
    ? injectLambdaContext(logger)
    : {
        before: (request: ContextRequest) => {
          logger.addContext(request.context);
          logger.logEventIfEnabled(request.event);
        },
      };

export const observability = () => [logContext(), ...traceInvocation(), ...publishMetrics()];

/** A step or job handler with the observability middlewares; callable in process without a Lambda context. */
export function observedHandler<E, R>(run: (event: E, context: Context) => Promise<R>): (event: E, context?: Context) => Promise<R> {
  const wrapped = middy<E, R>(run).use(observability()) as unknown as (event: E, context: Context) => Promise<R>;
  return (event, context) => wrapped(event, context ?? ({ functionName: "local", awsRequestId: "local" } as Context));
}
