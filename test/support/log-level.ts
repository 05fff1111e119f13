import { vi } from "vitest";
import { logger } from "#logging/logger";

/**
 * Turns the service's logs on at `level` for a test. With debug sampling configured, each handler
 * invocation refreshes the level (Powertools' injectLambdaContext puts back the level the process
 * started with, SILENT under vitest), so the refresh is held off until the returned function turns
 * the logs off again.
 */
export function logAt(level: "DEBUG" | "INFO"): () => void {
  logger.setLogLevel(level);
  const refresh = vi.spyOn(logger, "refreshSampleRateCalculation").mockImplementation(() => undefined);
  return () => {
    refresh.mockRestore();
    logger.setLogLevel("SILENT");
  };
}
