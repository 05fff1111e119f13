import type { ErrorEnvelope } from "../routes.js";

/** The error body of each endpoint family (SPEC section 7). */
export function errorBody(envelope: ErrorEnvelope, message: string): Record<string, unknown> {
  switch (envelope) {
    case "error":
      return { error: message };
    case "has_data":
      return { has_data: false, error: message };
    case "success":
      return { success: false, error: message };
  }
}
