/**
 * Powertools Tracer (X-Ray is on in the stack): one per process. It does nothing outside Lambda.
 * Handlers wrap themselves with `observedHandler` (stacks' every function), AWS SDK clients with `tracedClient`.
 */
import "../config/xray-mode.js";
import { Tracer } from "@aws-lambda-powertools/tracer";
import { METRICS_SERVICE } from "./metric-names.js";

export const tracer = new Tracer({ serviceName: METRICS_SERVICE });

/** The client, its calls traced as subsegments. */
export const tracedClient = <T>(client: T): T => tracer.captureAWSv3Client(client);
