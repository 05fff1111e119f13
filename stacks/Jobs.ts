import { Duration } from "aws-cdk-lib";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import { Cron, use, type StackContext } from "sst/constructs";
import { dailySyncCron } from "@fulfillment/core/sync/schedule";
import { DAILY_SYNC_HANDLER } from "@fulfillment/functions/routes";
import { alarmOn, alarmOnFunction, FUNCTION_DEFAULTS, functionEnvironment, tableAccessStatements } from "./functions.js";
import { Shared } from "./Shared.js";
import { Storage } from "./Storage.js";
import { SyncMachine } from "./SyncMachine.js";

/** The one definition of the schedule (06:00 UTC, 03:00 in São Paulo), shared with the local runtime and GET /full/sync/status. */
const DAILY_SYNC_SCHEDULE = dailySyncCron();

const RETRY_ATTEMPTS = 2;

/** The daily marketplace synchronisation, the scheduled twin of POST /full/sync: it starts a run of the sync state machine. */
export function Jobs({ stack }: StackContext) {
  const { table } = use(Storage);
  const { alarmTopic, alertDelivery } = use(Shared);
  const { machine } = use(SyncMachine);

  const deadLetters = new Queue(stack, "DailySyncDeadLetters", {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });

  const cron = new Cron(stack, "DailySync", {
    schedule: DAILY_SYNC_SCHEDULE,
    job: {
      function: {
        ...FUNCTION_DEFAULTS,
        handler: DAILY_SYNC_HANDLER,
        // It records the run and starts an execution of the sync state machine, which does the work.
        timeout: 60,
        environment: { ...functionEnvironment(table), ...alertDelivery.environment, SYNC_STATE_MACHINE_ARN: machine.stateMachineArn },
        permissions: [...tableAccessStatements(table, "read-write"), ...alertDelivery.statements],
        // EventBridge invokes asynchronously: failed runs are retried by Lambda, then parked here.
        retryAttempts: RETRY_ATTEMPTS,
        deadLetterQueue: deadLetters,
      },
      cdk: {
        // Deliveries EventBridge could not hand to Lambda at all.
        target: { retryAttempts: RETRY_ATTEMPTS, maxEventAge: Duration.hours(6), deadLetterQueue: deadLetters },
      },
    },
  });

  machine.grantStartExecution(cron.jobFunction);
  alarmOnFunction(stack, "DailySync", cron.jobFunction, "daily sync", alarmTopic);
  alarmOn(
    stack,
    "DailySyncDeadLetterMessages",
    deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
    "daily sync: failed runs waiting in the dead-letter queue",
    alarmTopic,
  );

  return { cron, deadLetters };
}
