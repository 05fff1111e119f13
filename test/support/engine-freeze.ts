import { readFileSync, readdirSync } from "node:fs";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/** Whether every thread of the process is stopped: SIGSTOP returns before the engine's threads have all halted. */
function allThreadsStopped(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).every((task) => {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
      return stat.charAt(stat.lastIndexOf(")") + 2) === "T";
    });
  } catch {
    // No /proc (or the process is gone): nothing more to wait for.
    return true;
  }
}

/** Sends SIGSTOP and waits (up to a second) until the engine has really halted, so no request slips through. */
async function stopEngine(pid: number): Promise<void> {
  process.kill(pid, "SIGSTOP");
  for (let i = 0; i < 200 && !allThreadsStopped(pid); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * Freezes a DynamoDB Local engine this test started (SIGSTOP of its java process) at chosen
 * moments of a request: a send that matches a point waits until every point of the round has been
 * reached, then the engine is stopped and the sends go out to it. The operating system still
 * accepts the connections and the bytes, so each write sits in the engine's socket unanswered and
 * is applied when the engine is thawed (SIGCONT): exactly what a stalled or paused engine does.
 */

/** A send to match, by its command and the text of its HTTP body (keys and values as sent). */
export interface FreezePoint {
  command: string;
  bodyIncludes: string[];
}

interface Armed {
  points: FreezePoint[];
  reached: boolean[];
  release: () => void;
  released: Promise<void>;
}

export interface EngineFreezer {
  /** Arms a round: resolves once every point was reached and the engine is frozen. */
  freezeWhenReached(points: FreezePoint[]): Promise<void>;
  /** Freezes now. */
  freeze(): void;
  thaw(): void;
  /** Kills the engine outright (SIGKILL) when the point is reached. */
  killWhenReached(point: FreezePoint): Promise<void>;
}

export function engineFreezer(doc: DynamoDBDocumentClient, pid: number): EngineFreezer {
  let armed: Armed | undefined;
  let frozenRound: (() => void) | undefined;
  let kill: { point: FreezePoint; done: () => void } | undefined;

  const matches = (point: FreezePoint, command: string, body: string): boolean =>
    point.command === command && point.bodyIncludes.every((text) => body.includes(text));

  // Right before each attempt is sent (after serialisation, inside the retry loop).
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String((context as { commandName?: string }).commandName);
      const raw = (args.request as { body?: unknown }).body;
      const body = typeof raw === "string" ? raw : raw instanceof Uint8Array ? Buffer.from(raw).toString("utf8") : "";
      if (kill && matches(kill.point, command, body)) {
        process.kill(pid, "SIGKILL");
        kill.done();
        kill = undefined;
      }
      const round = armed;
      const index = round?.points.findIndex((point, i) => !round.reached[i] && matches(point, command, body)) ?? -1;
      if (round && index >= 0) {
        round.reached[index] = true;
        if (round.reached.every(Boolean)) {
          await stopEngine(pid);
          armed = undefined;
          round.release();
          frozenRound?.();
        }
        await round.released;
      }
      return next(args);
    },
    { step: "finalizeRequest", priority: "low", name: "testEngineFreeze" },
  );

  return {
    freezeWhenReached(points) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      armed = { points, reached: points.map(() => false), release, released };
      return new Promise<void>((resolve) => (frozenRound = resolve));
    },
    freeze: () => process.kill(pid, "SIGSTOP"),
    thaw: () => process.kill(pid, "SIGCONT"),
    killWhenReached(point) {
      return new Promise<void>((done) => (kill = { point, done }));
    },
  };
}
