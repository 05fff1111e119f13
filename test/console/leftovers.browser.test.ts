import { describe, expect, it } from "vitest";
import { portAnswers } from "@fulfillment/local/engine/ports";
import { startConsole, stopConsole } from "#test/console";

/** The browser tests' own set-up: a start no hook received is still closed when the file stops its console. */

describe("a console start that no one received", () => {
  it("is closed, service and engine, by the file's stopConsole", async () => {
    // Prepare: a start-up hook that gave up before its start ended holds nothing.
    const abandoned = startConsole();
    const { service } = await abandoned;
    const port = Number(new URL(service.url).port);

    // Act
    await stopConsole({});

    // Assess
    expect(service.child.exitCode !== null || service.child.signalCode !== null).toBe(true);
    expect(await portAnswers(port)).toBe(false);
  }, 120_000);
});
