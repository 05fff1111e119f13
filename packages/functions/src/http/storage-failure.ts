import { HttpError } from "./errors.js";
import { logger } from "./logger.js";

/**
 * The tariff write endpoints answer a storage failure with 400 (SPEC section 7), not 500:
 * the failure is logged once with its stack and answered with a readable message.
 */
export async function storageFailureAs400<T>(action: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    logger.error(`Storage failure: ${action}`, error as Error);
    throw new HttpError(400, `Storage failure: could not ${action}`);
  }
}
