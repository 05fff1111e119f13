/**
 * The marketplace's side of a notification burst, in a thread of its own so that sending does not
 * share an event loop with the service it measures: POSTs each body to the callback URL at even
 * intervals over the given time (open loop: a slow answer does not hold the next one back) and
 * reports each answer's status and milliseconds.
 */
import { parentPort, workerData } from "node:worker_threads";

export interface BurstInput {
  url: string;
  bodies: string[];
  durationMs: number;
}

export interface BurstAnswer {
  status: number;
  ms: number;
}

async function post(url: string, body: string): Promise<BurstAnswer> {
  const start = performance.now();
  const status = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body, signal: AbortSignal.timeout(10_000) })
    .then(async (response) => (await response.arrayBuffer(), response.status))
    .catch(() => 0);
  return { status, ms: performance.now() - start };
}

async function burst({ url, bodies, durationMs }: BurstInput): Promise<BurstAnswer[]> {
  const interval = durationMs / bodies.length;
  const started = performance.now();
  const answers: Promise<BurstAnswer>[] = [];
  for (let i = 0; i < bodies.length; i++) {
    const due = started + i * interval - performance.now();
    if (due > 1) await new Promise((resolve) => setTimeout(resolve, due));
    answers.push(post(url, bodies[i]!));
  }
  return Promise.all(answers);
}

if (parentPort) parentPort.postMessage(await burst(workerData as BurstInput));
