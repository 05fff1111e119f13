import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { canListen, freePort } from "./ports.js";

describe("freePort", () => {
  it("hands out ports below the kernel's ephemeral range, each once, that a process can bind", async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) expect(port).toBeLessThan(32_768);
    expect(await canListen(ports[0]!)).toBe(true);
  });

  it("skips a port another listener holds", async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      expect(await canListen(port)).toBe(false);
    } finally {
      server.close();
    }
  });
});
