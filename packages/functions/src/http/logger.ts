import { Logger } from "@aws-lambda-powertools/logger";

/** One structured JSON logger per process; each line carries the Lambda request id. */
export const logger = new Logger({ serviceName: "fulfillment" });
