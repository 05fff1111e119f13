/**
 * Powertools Metrics, one instance per process; off outside Lambda unless the environment says
 * otherwise (config/observability.ts, imported first so its default is set before Metrics reads it).
 */
import { metricsEnabled } from "../config/observability.js";
import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import { logMetrics } from "@aws-lambda-powertools/metrics/middleware";
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from "./metric-names.js";

export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });

/** The middy middleware that publishes what a handler added; none where metrics are off (it would only warn of empty metrics). */
export const publishMetrics = () => (metricsEnabled ? [logMetrics(metrics, { throwOnEmptyMetrics: false })] : []);

/** Published at 0 too: their alarms and graphs need the datapoint that says nothing went wrong. */
const PUBLISHED_AT_ZERO: ReadonlySet<string> = new Set([METRIC.shardsFailed, METRIC.reconciliationDrift]);

export const count = (name: string, value = 1): void => {
  if (value > 0 || PUBLISHED_AT_ZERO.has(name)) void metrics.addMetric(name, MetricUnit.Count, value);
};

export const milliseconds = (name: string, value: number): void => void metrics.addMetric(name, MetricUnit.Milliseconds, value);

/**
 * Marketplace calls, 429s and retries of this process since the last `takeMarketplaceTally`: the
 * client counts them, each sync step publishes what it made.
 */
const tally = { calls: 0, throttled: 0, retries: 0 };
export const marketplaceTally = {
  call: () => void (tally.calls += 1),
  throttled: () => void (tally.throttled += 1),
  retry: () => void (tally.retries += 1),
};

/** Adds the marketplace figures since the last call to the metrics, and starts counting again. */
export function publishMarketplaceTally(): void {
  count(METRIC.marketplaceCalls, tally.calls);
  count(METRIC.marketplaceThrottled, tally.throttled);
  count(METRIC.marketplaceRetries, tally.retries);
  tally.calls = tally.throttled = tally.retries = 0;
}

export const alertMetrics = {
  delivered: (channel: string, type: string): void => {
    count(channel === "email" ? METRIC.emailsSent : METRIC.webhooksSent);
    if (type === "digest") count(METRIC.digestsSent);
  },
  failed: (channel: string, last: boolean): void => {
    if (channel === "webhook") count(METRIC.webhooksFailed);
    if (last) count(METRIC.deliveriesDeadLettered);
  },
  changes: (opened: number, cleared: number): void => {
    count(METRIC.alertsOpened, opened);
    count(METRIC.alertsCleared, cleared);
  },
};
