import { describe, expect, it } from "vitest";
import { StateMachine, type RunOptions } from "aws-local-stepfunctions";
import { SHARD_MAX_CONCURRENCY, SHARD_RETRIES } from "@fulfillment/stacks/sync-settings";
import { SYNC_TASK_STATES } from "@fulfillment/stacks/sync-definition";
import { syncMachineDefinition } from "./definition.js";

/**
 * What the local interpreter (aws-local-stepfunctions) does with the deployed sync definition,
 * checked with stand-in steps: the README's notes on running it locally rest on these.
 */

type Handlers = NonNullable<NonNullable<RunOptions["overrides"]>["taskResourceLocalHandlers"]>;

function run(handlers: { plan?: (input: any) => unknown; shard: (input: any) => unknown; finalize?: (input: any) => unknown }) {
  const calls: { state: string; input: any }[] = [];
  const record = (state: string, step: (input: any) => unknown) => async (input: any) => {
    calls.push({ state, input });
    return step(input);
  };
  const overrides = {
    taskResourceLocalHandlers: {
      [SYNC_TASK_STATES.plan]: record("Plan", handlers.plan ?? ((input) => ({ run_id: input.run_id, shards: [0, 1, 2] }))),
      [SYNC_TASK_STATES.shard]: record("Shard", handlers.shard),
      [SYNC_TASK_STATES.finalize]: record("Finalize", handlers.finalize ?? ((input) => ({ run_id: input.run_id, state: "succeeded" }))),
    } as unknown as Handlers,
    retryIntervalOverrides: { [SYNC_TASK_STATES.shard]: 0, [SYNC_TASK_STATES.finalize]: 0 },
  };
  const execution = new StateMachine(syncMachineDefinition()).run({ run_id: "r1", scope: "ml-7" }, { overrides });
  return { result: execution.result, calls };
}

describe("the sync definition in the local interpreter", () => {
  it("accepts the Distributed map and runs it inline: each shard number reaches a shard as $$.Map.Item.Value, with the run id", async () => {
    const { result, calls } = run({ shard: (input) => ({ shard: input.shard, state: "done" }) });

    await expect(result).resolves.toMatchObject({ run_id: "r1", state: "succeeded" });
    expect(calls.filter((call) => call.state === "Shard").map((call) => call.input).sort((a, b) => a.shard - b.shard)).toEqual([
      { run_id: "r1", scope: "ml-7", shard: 0 },
      { run_id: "r1", scope: "ml-7", shard: 1 },
      { run_id: "r1", scope: "ml-7", shard: 2 },
    ]);
    expect(calls.at(-1)).toEqual({ state: "Finalize", input: { run_id: "r1", scope: "ml-7" } });
  });

  it("runs at most MaxConcurrency shards at once", async () => {
    let running = 0;
    let most = 0;
    const { result } = run({
      plan: (input) => ({ run_id: input.run_id, shards: Array.from({ length: 3 * SHARD_MAX_CONCURRENCY }, (_, i) => i) }),
      shard: async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return {};
      },
    });

    await result;
    expect(most).toBe(SHARD_MAX_CONCURRENCY);
  });

  it("retries a throwing shard as the definition says; a shard that then returns normally never fails the map", async () => {
    const attempts = new Map<number, number>();
    const { result, calls } = run({
      shard: (input) => {
        const attempt = (attempts.get(input.shard) ?? 0) + 1;
        attempts.set(input.shard, attempt);
        // Shard 1 throws until its last attempt, which records its failure and returns (as the shard step does).
        if (input.shard === 1 && attempt <= SHARD_RETRIES) throw new Error("shard crashed");
        return { shard: input.shard, state: attempt > 1 ? "failed" : "done" };
      },
    });

    await expect(result).resolves.toMatchObject({ state: "succeeded" });
    expect(attempts.get(1)).toBe(SHARD_RETRIES + 1);
    expect(calls.filter((call) => call.state === "Finalize")).toEqual([{ state: "Finalize", input: { run_id: "r1", scope: "ml-7" } }]);
  });

  it("fails the map when a shard throws after its last retry (AWS would tolerate it), and its Catch still reaches finalize", async () => {
    const { result, calls } = run({
      shard: (input) => {
        if (input.shard === 2) throw new Error("shard crashed");
        return {};
      },
    });

    await expect(result).resolves.toMatchObject({ state: "succeeded" });
    const finalize = calls.filter((call) => call.state === "Finalize");
    expect(finalize).toHaveLength(1);
    expect(finalize[0]!.input).toEqual({ run_id: "r1", scope: "ml-7" });
    expect(calls.filter((call) => call.state === "Shard" && call.input.shard === 2)).toHaveLength(SHARD_RETRIES + 1);
  });

  it("fails the execution of a run finalize closed as failed (the RunOutcome choice)", async () => {
    const { result } = run({ shard: () => ({}), finalize: (input) => ({ run_id: input.run_id, state: "failed" }) });

    await expect(result).rejects.toMatchObject({ name: "ExecutionError", cause: { name: "SyncRunFailed" } });
  });
});
