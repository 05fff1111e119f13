import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { DeleteTableCommand, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { localEndpoint, useTestTable } from "#test/table";
import { awsRegion } from "../config/env.js";
import { createDocumentClient, decodeBase64, localAuthorization } from "./client.js";
import { ensureTable } from "./create-table.js";

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

/** The headers of the one call `send` makes, as an engine on loopback receives them. */
async function headersOfCall(send: (endpoint: string) => Promise<unknown>): Promise<IncomingHttpHeaders> {
  let received: IncomingHttpHeaders | undefined;
  const server = createServer((request, response) => {
    received = request.headers;
    request.resume().on("end", () => response.writeHead(200, { "content-type": "application/x-amz-json-1.0" }).end('{"TableNames":[]}'));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return received!;
}

describe("calls to a local engine", () => {
  it("name the access key and region that select the engine's database, with no signature computed", async () => {
    const headers = await headersOfCall((endpoint) => createDocumentClient({ endpoint, accessKeyId: "key-one" }).send(new ListTablesCommand({})));
    expect(headers.authorization).toBe(localAuthorization("key-one", awsRegion()));
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=key-one\/\d{8}\/[a-z0-9-]+\/dynamodb\/aws4_request, SignedHeaders=host, Signature=0$/);
  });

  it("still see only their own key's database", async () => {
    const table = `client-keys-${randomBytes(4).toString("hex")}`;
    const one = createDocumentClient({ endpoint: localEndpoint(), accessKeyId: `key${randomBytes(6).toString("hex")}` });
    const other = createDocumentClient({ endpoint: localEndpoint(), accessKeyId: `key${randomBytes(6).toString("hex")}` });
    await ensureTable(one, table);
    try {
      const tablesOf = async (doc: typeof one) => (await doc.send(new ListTablesCommand({}))).TableNames ?? [];
      expect(await tablesOf(one)).toContain(table);
      expect(await tablesOf(other)).not.toContain(table);
    } finally {
      await one.send(new DeleteTableCommand({ TableName: table }));
    }
  });

  it("are the only ones left unsigned: a call to AWS carries its SigV4 signature", async () => {
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" });
    try {
      const doc = createDocumentClient({ endpoint: null, maxAttempts: 1 });
      let authorization: string | undefined;
      // Caught once signed, before anything leaves the machine.
      doc.middlewareStack.addRelativeTo(
        () => async (args: { request: unknown }) => {
          authorization = (args.request as { headers: Record<string, string> }).headers.authorization;
          throw new Error("signed");
        },
        { relation: "after", toMiddleware: "httpSigningMiddleware", name: "captureSigned" },
      );
      await expect(doc.send(new ListTablesCommand({}))).rejects.toThrow("signed");
      expect(authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/[a-z0-9-]+\/dynamodb\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/);
    } finally {
      for (const [name, value] of [["AWS_ACCESS_KEY_ID", saved.id], ["AWS_SECRET_ACCESS_KEY", saved.secret]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
