import { createServer as createHttpServer, type IncomingHttpHeaders } from "node:http";
import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { errors } from "undici";
import { GetItemCommand, ListTablesCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { localEndpoint, useTestTable } from "#test/table";
import { createDocumentClient, LOCAL_USER_AGENT } from "./client.js";
import { asSdkFailure, LocalEngineTransport } from "./local-transport.js";
import { StorageUnavailableError } from "./unavailable.js";

const listen = async <T extends Server>(server: T): Promise<{ server: T; endpoint: string }> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};
const close = (server: Server): Promise<unknown> => new Promise((resolve) => server.close(resolve));

/** A TCP server that does `onConnection` with every socket, counting them. */
async function rawEngine(onConnection: (socket: Socket) => void) {
  const sockets: Socket[] = [];
  const served = await listen(
    createTcpServer((socket) => {
      sockets.push(socket);
      onConnection(socket);
    }),
  );
  return {
    ...served,
    sockets,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await close(served.server);
    },
  };
}

const db = useTestTable("local-transport");

/** A budget small enough to give up within a test: one attempt with no answer, then no room for a second. */
const SHORT_BUDGET = { callMs: 600, attemptMs: 400, connectMs: 300 };

describe("the transport to a local engine", () => {
  it("carries a client's calls to a local engine over HTTP, and leaves calls to AWS to the SDK's own handler", async () => {
    const local = createDocumentClient({ endpoint: localEndpoint() });
    expect(local.config.requestHandler).toBeInstanceOf(LocalEngineTransport);
    expect(createDocumentClient({ endpoint: null }).config.requestHandler).not.toBeInstanceOf(LocalEngineTransport);

    // A real engine answers through it: a write, the item read back, a missing item as missing.
    const key = { pk: "LOCAL-TRANSPORT", sk: "item" };
    await local.send(new PutCommand({ TableName: db.ref.table, Item: { ...key, name: "ação" } }));
    const stored = await local.send(new GetCommand({ TableName: db.ref.table, Key: key, ConsistentRead: true }));
    expect(stored.Item).toEqual({ ...key, name: "ação" });
    const missing = await local.send(new GetCommand({ TableName: db.ref.table, Key: { ...key, sk: "none" } }));
    expect(missing.Item).toBeUndefined();
  });

  it("sends the SDK's request as it is (method, path, query, headers, body) and hands back the engine's status, headers and body", async () => {
    let received: { method?: string; url?: string; headers?: IncomingHttpHeaders; body?: string } = {};
    const { server, endpoint } = await listen(
      createHttpServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          received = { method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString() };
          response.writeHead(400, { "content-type": "application/x-amz-json-1.0", "x-amzn-requestid": "r-1" }).end('{"__type":"x#Bad"}');
        });
      }),
    );
    const transport = new LocalEngineTransport(endpoint, { connectMs: 1_000, attemptMs: 1_000 });
    try {
      const { response } = await transport.handle({
        method: "POST",
        protocol: "http:",
        hostname: "127.0.0.1",
        path: "/",
        query: { a: "1", b: ["2", "3"] },
        headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": "DynamoDB_20120810.GetItem" },
        body: '{"TableName":"t"}',
      });
      expect(received).toMatchObject({ method: "POST", url: "/?a=1&b=2&b=3", body: '{"TableName":"t"}' });
      expect(received.headers?.["x-amz-target"]).toBe("DynamoDB_20120810.GetItem");
      expect(response.statusCode).toBe(400);
      expect(response.headers["x-amzn-requestid"]).toBe("r-1");
      const chunks: Buffer[] = [];
      for await (const chunk of response.body as AsyncIterable<Buffer>) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString()).toBe('{"__type":"x#Bad"}');
    } finally {
      transport.destroy();
      await close(server);
    }
  });

  it("sends a fixed user agent to a local engine, which never reads it, instead of building one per call", async () => {
    let headers: IncomingHttpHeaders | undefined;
    const { server, endpoint } = await listen(
      createHttpServer((request, response) => {
        headers = request.headers;
        request.resume().on("end", () => response.writeHead(200, { "content-type": "application/x-amz-json-1.0" }).end('{"TableNames":[]}'));
      }),
    );
    try {
      const doc = createDocumentClient({ endpoint });
      await doc.send(new ListTablesCommand({}));
      expect(headers?.["user-agent"]).toBe(LOCAL_USER_AGENT);
      // The middleware keeps its name: Powertools places its own user-agent entries after it.
      expect(doc.middlewareStack.identify().filter((name) => name.startsWith("getUserAgentMiddleware"))).toHaveLength(1);
    } finally {
      await close(server);
    }
  });
});

describe("a local engine that fails, through the transport", () => {
  it("not listening: the call is storage unreachable, 'connection refused', after its retries", async () => {
    const { server, endpoint } = await listen(createTcpServer());
    await close(server);
    const doc = createDocumentClient({ endpoint, maxAttempts: 2, budget: SHORT_BUDGET });
    const error = await doc.send(new ListTablesCommand({})).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as StorageUnavailableError).reason).toBe("unreachable");
    expect((error as StorageUnavailableError).detail).toBe("ListTables failed after 2 attempts (connection refused)");
  });

  it("silent: the attempt gives up after its budget, as no answer, and a write may have been stored", async () => {
    const engine = await rawEngine((socket) => socket.resume());
    try {
      const doc = createDocumentClient({ endpoint: engine.endpoint, budget: SHORT_BUDGET });
      const started = Date.now();
      const error = await doc
        .send(new PutItemCommand({ TableName: "t", Item: { pk: { S: "a" }, sk: { S: "b" } } }))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as StorageUnavailableError).reason).toBe("no-answer");
      expect((error as StorageUnavailableError).changeMayBeStored).toBe(true);
      expect((error as StorageUnavailableError).detail).toBe("PutItem failed after 1 attempt (no answer)");
      // One attempt (a second would not fit the call's budget), given up on at its own budget.
      expect(engine.sockets).toHaveLength(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SHORT_BUDGET.attemptMs - 50);
    } finally {
      await engine.stop();
    }
  });

  it("dropping the connection: each attempt is retried, and once they are spent the read is no answer", async () => {
    const engine = await rawEngine((socket) => socket.once("data", () => socket.destroy()));
    try {
      const doc = createDocumentClient({ endpoint: engine.endpoint, maxAttempts: 3, budget: { ...SHORT_BUDGET, callMs: 5_000 } });
      const error = await doc
        .send(new GetItemCommand({ TableName: "t", Key: { pk: { S: "a" }, sk: { S: "b" } } }))
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as StorageUnavailableError).reason).toBe("no-answer");
      expect((error as StorageUnavailableError).changeMayBeStored).toBe(false);
      expect((error as StorageUnavailableError).detail).toBe("GetItem failed after 3 attempts (no answer)");
      expect(engine.sockets).toHaveLength(3);
    } finally {
      await engine.stop();
    }
  });

  it("names undici's failures as the SDK's retry strategy and the storage report read them", () => {
    const options = { connectMs: 300, attemptMs: 400 };
    const connect = asSdkFailure(new errors.ConnectTimeoutError(), options) as Error;
    expect(connect.name).toBe("TimeoutError");
    expect(connect.message).toBe("Socket timed out without establishing a connection within 300 ms");
    for (const silent of [new errors.HeadersTimeoutError(), new errors.BodyTimeoutError()]) {
      const mapped = asSdkFailure(silent, options) as Error;
      expect(mapped.name).toBe("TimeoutError");
      expect(mapped.message).toBe("Connection timed out after 400 ms");
      expect(mapped.cause).toBe(silent);
    }
    expect((asSdkFailure(new errors.SocketError("other side closed"), options) as { code?: string }).code).toBe("ECONNRESET");
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(asSdkFailure(refused, options)).toBe(refused);
  });
});
