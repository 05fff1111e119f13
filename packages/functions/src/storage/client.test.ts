import { describe, expect, it } from "vitest";
import { createDocumentClient } from "./client.js";

describe("the storage client", () => {
  it("builds no log entry of a call's answer (the SDK's logger middleware walks every item for a logger that is never set)", () => {
    const doc = createDocumentClient({ endpoint: "http://127.0.0.1:1" });
    const stack = doc.middlewareStack.identify();
    expect(stack.some((name) => name.startsWith("loggerMiddleware"))).toBe(false);
    // What the service does keep on every call: its own report of storage that did not answer, and the serializer.
    expect(stack.some((name) => name.startsWith("storageAvailabilityAttempt"))).toBe(true);
    expect(stack.some((name) => name.startsWith("serializerMiddleware"))).toBe(true);
  });
});
