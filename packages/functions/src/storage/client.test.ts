import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { useTestTable } from "#test/table";
import { createDocumentClient, decodeBase64 } from "./client.js";

const db = useTestTable("client");

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

describe("binary attributes", () => {
  it("come back as the bytes stored, decoded without the SDK's check of each value", async () => {
    const bytes = new Uint8Array(randomBytes(300_000));
    const key = { pk: "CLIENTTEST", sk: "binary" };
    await db.ref.doc.send(new PutCommand({ TableName: db.ref.table, Item: { ...key, z: bytes, empty: new Uint8Array(0) } }));

    const { Item } = await db.ref.doc.send(new GetCommand({ TableName: db.ref.table, Key: key, ConsistentRead: true }));

    expect(Buffer.from(Item!.z as Uint8Array).equals(Buffer.from(bytes))).toBe(true);
    expect(Item!.empty).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(decodeBase64(Buffer.from("ção 🛟").toString("base64"))).toString("utf8")).toBe("ção 🛟");
  });
});
