import { Duration } from "aws-cdk-lib";
import { ComparisonOperator, Dashboard, GraphWidget, Metric, TextWidget, TreatMissingData, type IMetric } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Cron, Function, Queue, use, type StackContext } from "sst/constructs";
import { ALERT_DELIVERY_HANDLER, ALERT_DIGEST_HANDLER } from "@fulfillment/functions/routes";
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from "@fulfillment/functions/observability/metric-names";
import { SYNC_STALE_HOURS } from "@fulfillment/core/alerts/kinds";
import { alarmOn, alarmOnFunction, FUNCTION_DEFAULTS, functionEnvironment, tableAccessStatements } from "./functions.js";
import { failedInvocationsQueue } from "./queues.js";
import { ALERT_DELIVERY_TIMEOUT_SECONDS, Shared } from "./Shared.js";
import { Storage } from "./Storage.js";

/** The digest job runs at every full hour; each subscription's digest_hour picks its own. */
export const ALERT_DIGEST_SCHEDULE = "cron(0 * * * ? *)";

/** A metric the functions emit (Powertools Metrics adds the service as its one dimension). */
export const serviceMetric = (metricName: string, statistic = "Sum", period = Duration.hours(1)): Metric =>
  new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: METRICS_SERVICE }, statistic, period });

const daily = (metricName: string, label: string, statistic = "Sum"): IMetric => serviceMetric(metricName, statistic, Duration.days(1)).with({ label });

/**
 * Alerts that reach people and a sync operations can watch: the consumer of the alert delivery
 * queue (its dead-letter queue alarmed), the hourly digest job, the alarms on the sync's metrics
 * (no successful run in 26 hours, shards failed, reconciliation drift) and the operations dashboard.
 */
export function Alerts({ stack }: StackContext) {
  const { table } = use(Storage);
  const { alarmTopic, alertDelivery } = use(Shared);
  const environment = { ...functionEnvironment(table), ...alertDelivery.environment };
  const permissions = [...tableAccessStatements(table, "read-write"), ...alertDelivery.statements];

  // One message per invocation: a failure is reported for that message alone, and SQS redelivers it
  // after the backoff the consumer set, or moves it to the dead-letter queue after the last attempt.
  const deliveries = new Queue(stack, "AlertDeliveryConsumer", {
    cdk: { queue: alertDelivery.queue },
    consumer: {
      function: { ...FUNCTION_DEFAULTS, handler: ALERT_DELIVERY_HANDLER, timeout: ALERT_DELIVERY_TIMEOUT_SECONDS, environment, permissions },
      cdk: { eventSource: { batchSize: 1, reportBatchItemFailures: true } },
    },
  });
  const consumer = deliveries.consumerFunction;
  if (!(consumer instanceof Function)) throw new Error("The alert delivery queue has no consumer function");
  alertDelivery.queue.grantConsumeMessages(consumer);

  // Scheduled, so invoked asynchronously: runs that kept failing, and events EventBridge could not deliver, are parked here.
  const failedDigests = failedInvocationsQueue(stack, "FailedAlertDigests");
  const digests = new Cron(stack, "AlertDigests", {
    schedule: ALERT_DIGEST_SCHEDULE,
    job: {
      function: { ...FUNCTION_DEFAULTS, handler: ALERT_DIGEST_HANDLER, timeout: 60, environment, permissions, deadLetterQueue: failedDigests },
      cdk: { target: { deadLetterQueue: failedDigests } },
    },
  });

  alarmOnFunction(stack, "AlertDelivery", consumer, "alert delivery", alarmTopic);
  alarmOnFunction(stack, "AlertDigests", digests.jobFunction, "alert digests", alarmTopic);
  alarmOn(
    stack,
    "AlertDeadLetterMessages",
    alertDelivery.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
    "alert deliveries: webhooks and e-mails that gave up, waiting in the dead-letter queue",
    alarmTopic,
  );

  alarmOn(
    stack,
    "FailedAlertDigestMessages",
    failedDigests.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
    "alert digests: hourly runs that kept failing, waiting in the dead-letter queue",
    alarmTopic,
  );

  // Missing data is a sync that did not happen: 26 hourly periods without a successful run breach.
  const noSuccessfulSync = serviceMetric(METRIC.runSucceeded).createAlarm(stack, "NoSuccessfulSync", {
    alarmDescription: `sync: no successful run in ${SYNC_STALE_HOURS} hours`,
    threshold: 1,
    comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
    evaluationPeriods: SYNC_STALE_HOURS,
    datapointsToAlarm: SYNC_STALE_HOURS,
    treatMissingData: TreatMissingData.BREACHING,
  });
  noSuccessfulSync.addAlarmAction(new SnsAction(alarmTopic));
  const shardsFailed = serviceMetric(METRIC.shardsFailed, "Sum", Duration.minutes(5)).createAlarm(stack, "SyncShardsFailed", {
    alarmDescription: "sync: shards failed",
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  shardsFailed.addAlarmAction(new SnsAction(alarmTopic));
  // Each completed run publishes its drift, 0 included: any inventory the notifications left wrong alarms.
  const drift = serviceMetric(METRIC.reconciliationDrift, "Maximum", Duration.minutes(5)).createAlarm(stack, "ReconciliationDrift", {
    alarmDescription: "sync: reconciliation drift (inventories whose stock differed from what notifications built; the run's drift lists them)",
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  drift.addAlarmAction(new SnsAction(alarmTopic));

  const dashboard = new Dashboard(stack, "Operations", {
    dashboardName: `${stack.stage}-fulfillment-operations`,
    defaultInterval: Duration.days(14),
  });
  const graph = (title: string, left: IMetric[], stacked = false) => new GraphWidget({ title, left, stacked, width: 12, height: 6 });
  dashboard.addWidgets(
    new TextWidget({ markdown: "# Fulfillment: the sync and its alerts\nPer day. Alarms: no successful sync in 26 h, shards failed, reconciliation drift, alert dead letters.", width: 24, height: 2 }),
  );
  dashboard.addWidgets(
    graph("Sync runs per day, by outcome", [daily(METRIC.runSucceeded, "succeeded"), daily(METRIC.runPartial, "partial"), daily(METRIC.runFailed, "failed")], true),
    graph("Sync run duration (ms)", [daily(METRIC.runDuration, "average", "Average"), daily(METRIC.runDuration, "longest", "Maximum")]),
  );
  dashboard.addWidgets(
    graph("Marketplace calls, 429s and retries per day", [daily(METRIC.marketplaceCalls, "calls"), daily(METRIC.marketplaceThrottled, "429s"), daily(METRIC.marketplaceRetries, "retries")]),
    graph("Ads and shards per day", [daily(METRIC.adsRead, "ads read"), daily(METRIC.adsFailed, "ads failed"), daily(METRIC.shardsDone, "shards done"), daily(METRIC.shardsFailed, "shards failed")]),
  );
  dashboard.addWidgets(
    graph("Reconciliation drift: inventories the notifications left wrong, largest run of the day", [daily(METRIC.reconciliationDrift, "inventories", "Maximum")]),
  );
  dashboard.addWidgets(
    graph("Alerts opened and cleared per day", [daily(METRIC.alertsOpened, "opened or worse"), daily(METRIC.alertsCleared, "cleared")]),
    graph("Deliveries per day", [
      daily(METRIC.webhooksSent, "webhooks sent"),
      daily(METRIC.webhooksFailed, "webhook attempts failed"),
      daily(METRIC.emailsSent, "e-mails sent"),
      daily(METRIC.digestsSent, "digests sent"),
      daily(METRIC.deliveriesDeadLettered, "dead letters"),
      daily(METRIC.rowsImported, "rows imported"),
    ]),
  );

  return { deliveries, digests, dashboard };
}
