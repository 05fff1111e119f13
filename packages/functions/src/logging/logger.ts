import { Logger } from "@aws-lambda-powertools/logger";
import { skipRepeatedStacks } from "./repeated-stacks.js";

/** Keys whose values never reach a log line: API keys, tokens, secrets, passwords, authorization headers. */
const SECRET_KEY = /(_api_key|_token|secret|password|authorization)$/i;

/** Applied to every key of every log line, however deep. */
export const redactSecrets = (key: string, value: unknown): unknown =>
  SECRET_KEY.test(key) && value !== null && value !== undefined ? "[redacted]" : value;

const repeatedStack = skipRepeatedStacks();

/** One structured JSON logger per process; each line carries the Lambda request id. */
export const logger = new Logger({
  serviceName: "fulfillment",
  jsonReplacerFn: (key, value) => repeatedStack(key, redactSecrets(key, value)),
});
