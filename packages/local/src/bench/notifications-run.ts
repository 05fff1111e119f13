/**
 * `npm run bench:notifications`: the notification targets of the issue on a fresh in-memory
 * DynamoDB Local. The read-after-operation times at the smaller catalogue (stored by a full sync of
 * the sandbox) and at the larger (loaded), and their ratio; then, on a fresh smaller catalogue, a
 * burst of notifications through the local gateway and the drift a full sync finds after it. Each
 * figure is printed as soon as it is measured. BENCH_QUICK=1 runs the same steps on smaller sizes.
 */
import "./quiet-logs.js";
import { useConcurrentInvocations } from "../gateway/invocation.js";
import { Time } from "@fulfillment/core";
import { freePort, startDynamoDbLocal } from "../engine/dynamodb-local.js";
import { newAccessKey } from "../engine/access-key.js";
import { localConfig } from "../config.js";
import { loadLine, machineLine } from "./machine.js";
import { measureBurst, measureDrift, measureReadAfter, NOTIFICATION_TARGETS, startService, type BurstFigures, type DriftFigures, type Service } from "./notifications.js";
import { progress, Report, table } from "./report.js";
import { percentile } from "./stats.js";

const QUICK = process.env.BENCH_QUICK === "1";
const PLAN = QUICK
  ? { small: 200, large: 2_000, samples: 8, burst: 1_000, burstMs: 6_000 }
  : { small: 1_000, large: 100_000, samples: 100, burst: 10_000, burstMs: 60_000 };

const verdict = (met: boolean): string => (met ? "met" : "MISSED");

/** One step on a running catalogue; a failure is printed and the bench goes on with the next. */
async function step<T>(name: string, start: () => Promise<Service>, work: (service: Service) => Promise<T>): Promise<T | undefined> {
  let service: Service | undefined;
  try {
    service = await start();
    return await work(service);
  } catch (error) {
    console.log(`# ${name} failed: ${(error as Error).stack ?? (error as Error).message}`);
    return undefined;
  } finally {
    await service?.stop().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const report = new Report();
  console.log(machineLine());
  console.log(loadLine("at start"));
  await useConcurrentInvocations();
  progress("starting DynamoDB Local (in memory)");
  const engine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory", heapMb: localConfig().dynamoHeapMb });
  try {
    process.env.DYNAMODB_ENDPOINT = engine.endpoint;
    process.env.DYNAMODB_ACCESS_KEY = newAccessKey();
    // The business day the datasets are dated from, in the zone their settings name.
    const today = Time.calendarDay("America/Sao_Paulo", new Date());

    const readAfter = new Map<number, number[]>();
    for (const [size, sync] of [[PLAN.small, true], [PLAN.large, false]] as const) {
      const samples = await step(`read after operation at ${size}`, () => startService(engine.endpoint, today, size, { sync }), (service) => measureReadAfter(service, PLAN.samples));
      if (!samples) continue;
      readAfter.set(size, samples);
      report.figure(`notifications.read_after.n${size}.p50`, percentile(samples, 50), "ms");
      report.figure(`notifications.read_after.n${size}.p95`, percentile(samples, 95), "ms");
      report.figure(`notifications.read_after.n${size}.max`, Math.max(...samples), "ms");
    }
    const p95 = (size: number): number => (readAfter.has(size) ? percentile(readAfter.get(size)!, 95) : Number.NaN);
    const ratio = p95(PLAN.large) / p95(PLAN.small);
    report.figure("notifications.read_after.p95_ratio", ratio, "x");

    let burst: BurstFigures | undefined;
    let drift: DriftFigures | undefined;
    await step(
      `burst at ${PLAN.small}`,
      () => startService(engine.endpoint, today, PLAN.small, { sync: true }),
      async (service) => {
        burst = await measureBurst(service, PLAN.burst, PLAN.burstMs);
        const answerMs = burst.answers.map((answer) => answer.ms);
        report.figure("notifications.burst.sent", burst.sent, "notifications");
        report.figure("notifications.burst.answer.p50", percentile(answerMs, 50), "ms");
        report.figure("notifications.burst.answer.p99", percentile(answerMs, 99), "ms");
        report.figure("notifications.burst.answer.max", Math.max(...answerMs), "ms");
        report.figure("notifications.burst.not_200", burst.answers.filter((answer) => answer.status !== 200).length, "answers");
        report.figure("notifications.burst.taken", burst.taken, "notifications");
        report.figure("notifications.burst.dead_letters", burst.deadLetters, "notifications");
        report.figure("notifications.burst.drain", burst.drainMs / 1000, "s");
        report.figure("notifications.burst.stock_differs", burst.stockDiffers, "inventories");
        drift = await measureDrift(service);
        report.figure("notifications.drift", drift.drifted, "inventories");
        report.figure("notifications.drift.records_changed", drift.recordsChanged, "inventories");
      },
    );

    const rows: string[][] = [];
    if (burst) {
      const p99 = percentile(
        burst.answers.map((answer) => answer.ms),
        99,
      );
      const not200 = burst.answers.filter((answer) => answer.status !== 200).length;
      rows.push([`endpoint answer p99 during a burst of ${burst.sent} in ${burst.durationMs / 1000} s`, `${p99.toFixed(1)} ms`, `≤ ${NOTIFICATION_TARGETS.endpointP99Ms} ms`, verdict(p99 <= NOTIFICATION_TARGETS.endpointP99Ms)]);
      rows.push([
        "every operation of the burst applied",
        `${burst.taken} / ${burst.sent}, ${burst.stockDiffers} stock differs, ${burst.deadLetters} dead letters, ${not200} not 200`,
        "all",
        verdict(burst.taken === burst.sent && burst.deadLetters === 0 && burst.stockDiffers === 0 && not200 === 0),
      ]);
    }
    for (const size of [PLAN.small, PLAN.large]) {
      rows.push([`operation → overview and detail show it, p95 at ${size}`, `${p95(size).toFixed(0)} ms`, `≤ ${NOTIFICATION_TARGETS.readAfterP95Ms} ms`, verdict(p95(size) <= NOTIFICATION_TARGETS.readAfterP95Ms)]);
    }
    rows.push([`p95 at ${PLAN.large} over p95 at ${PLAN.small}`, `${ratio.toFixed(2)}x`, `≤ ${NOTIFICATION_TARGETS.maxGrowthRatio}x`, verdict(ratio <= NOTIFICATION_TARGETS.maxGrowthRatio)]);
    if (drift) {
      rows.push([`drift the reconciliation records after the burst (${drift.inventories} inventories)`, String(drift.drifted), String(NOTIFICATION_TARGETS.drift), verdict(drift.drifted === NOTIFICATION_TARGETS.drift)]);
      rows.push(["records or today's rows the sync changed (any field)", String(drift.recordsChanged), "0", verdict(drift.recordsChanged === 0)]);
    }
    console.log(table(`Notification targets (${QUICK ? "BENCH_QUICK: smaller sizes" : "full run"})`, ["target", "figure", "target value", "verdict"], rows));
    for (const example of drift?.first ?? []) console.log(`# drift: ${JSON.stringify(example)}`);
    console.log(loadLine("at end"));
    console.log(`# wall ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await engine.stop();
  }
}

await main();
