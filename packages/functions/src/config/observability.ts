/**
 * Powertools settings from the environment. Metrics reads its switch when it is built, so this
 * module sets the default first: outside Lambda (npm start, tests) nothing is printed unless
 * POWERTOOLS_METRICS_DISABLED says otherwise, as EMF lines only mean something to CloudWatch.
 */
if (!process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.POWERTOOLS_METRICS_DISABLED === undefined) process.env.POWERTOOLS_METRICS_DISABLED = "true";

/** Whether Metrics publishes what a handler added. */
export const metricsEnabled = !["1", "true"].includes((process.env.POWERTOOLS_METRICS_DISABLED ?? "").toLowerCase());

/** Whether the Logger samples debug lines (POWERTOOLS_LOGGER_SAMPLE_RATE set): its middleware must then run in full. */
export const logSamplingOn = (): boolean => Boolean(process.env.POWERTOOLS_LOGGER_SAMPLE_RATE);
