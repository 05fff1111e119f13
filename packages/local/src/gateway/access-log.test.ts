import { openSync, readFileSync } from "node:fs";
import { once } from "node:events";
import { join } from "node:path";
import sonicBoom, { type SonicBoom as Output } from "sonic-boom";
import { describe, expect, it, vi } from "vitest";
import { scratchFolders } from "#test/scratch";
import { ACCESS_LINE_DELAY_MS, accessLine, accessLineWriter, standardOutput } from "./access-log.js";

const { SonicBoom } = sonicBoom;

const scratch = scratchFolders("access-log-");

/** A file and a sonic-boom writing to its descriptor (closed by its end), as npm start writes to standard output. */
function fileOutput(options: { minLength?: number } = {}): { path: string; output: Output } {
  const path = join(scratch(), "access.log");
  return { path, output: new SonicBoom({ fd: openSync(path, "w"), sync: false, ...options }) };
}

describe("the local gateway's access lines", () => {
  it("read like a wall clock: time, method, path, status and milliseconds", () => {
    const line = accessLine({ method: "PUT", path: "/settings/geral", status: 500, ms: 1203.4, at: new Date(2026, 10, 26, 14, 2, 11) });

    expect(line).toBe("14:02:11 PUT /settings/geral 500 1203 ms");
    expect(accessLine({ method: "GET", path: "/full/overview", status: undefined, ms: 3, at: new Date(2026, 10, 26, 9, 0, 0) })).toBe("09:00:00 GET /full/overview - 3 ms");
  });

  it("go to their own asynchronous output, not through the console (whose writes to a pipe or file block)", async () => {
    // Prepare
    const console = vi.spyOn(process.stdout, "write");
    const { path, output } = fileOutput();
    const write = accessLineWriter(output);

    // Act
    write("09:00:00 GET /full/overview 200 1 ms");
    write("09:00:00 GET /full/tariffs 200 1 ms");
    output.end();
    await once(output, "close");

    // Assess: one line each, in order; nothing through the console.
    expect(readFileSync(path, "utf8")).toBe("09:00:00 GET /full/overview 200 1 ms\n09:00:00 GET /full/tariffs 200 1 ms\n");
    expect(console).not.toHaveBeenCalled();
    console.mockRestore();
  });

  it("gather on npm start's output and go out together, at most a moment later, however few they are", async () => {
    // Prepare: the output npm start writes its lines to, on a file instead of its standard output.
    const path = join(scratch(), "stdout.log");
    const output = standardOutput(openSync(path, "w"));
    const write = accessLineWriter(output, () => undefined);
    const writes: number[] = [];
    output.on("write", (bytes: number) => writes.push(bytes));
    const lines = ["09:00:02 GET /full/overview 200 2 ms\n", "09:00:02 GET /settings 200 1 ms\n", "09:00:02 GET /full/tariffs 200 1 ms\n"];

    // Act: three requests, one after another
    for (const line of lines) {
      write(line.trimEnd());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await vi.waitFor(() => expect(writes.length).toBeGreaterThan(0), { timeout: 20 * ACCESS_LINE_DELAY_MS, interval: 10 });

    // Assess: one write of all three, not one per request.
    expect(writes).toEqual([Buffer.byteLength(lines.join(""))]);
    expect(readFileSync(path, "utf8")).toBe(lines.join(""));
    output.end();
    await once(output, "close");
  });

  it("keep what is still buffered, written out at the process's exit, and exit quietly when the output is gone", async () => {
    // Prepare: an output that holds lines back until 4 KB have come, and the exit hook caught.
    const { path, output } = fileOutput({ minLength: 4096 });
    let atExit = (): void => undefined;
    accessLineWriter(output, (flush) => (atExit = flush))("09:00:01 POST /full/sync 202 20 ms");
    const before = readFileSync(path, "utf8");

    // Act
    atExit();

    // Assess
    expect(before).toBe("");
    expect(readFileSync(path, "utf8")).toBe("09:00:01 POST /full/sync 202 20 ms\n");
    output.end();
    await once(output, "close");
    let atExitOfGone = (): void => undefined;
    const gone = { write: () => true, flushSync: () => { throw new Error("EPIPE"); } };
    accessLineWriter(gone, (flush) => (atExitOfGone = flush))("09:00:02 GET /full/overview 200 1 ms");
    expect(() => atExitOfGone()).not.toThrow();
  });
});
