import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { Bucket, use, type StackContext } from "sst/constructs";
import { IMPORT_FILE_HANDLER } from "@fulfillment/functions/routes";
import { isDevelopmentStage } from "./deploy-settings.js";
import { alarmOn, alarmOnFunction, FUNCTION_DEFAULTS, functionEnvironment, tableAccessStatements } from "./functions.js";
import { accessLogBucket } from "./buckets.js";
import { failedInvocationsQueue } from "./queues.js";
import { Shared } from "./Shared.js";
import { Storage } from "./Storage.js";

/** The file import function's time: parsing and writing 400,000 rows with room to spare. */
export const IMPORT_FILE_TIMEOUT_SECONDS = 5 * 60;
const NOTIFICATION = "importFile";

/**
 * The import bucket: a CSV dropped as `costs.csv`, `sales.csv` (or under `sellers/<user_id>/`) or `local-stock/<warehouse>.csv`
 * runs the same import as the PUT routes (S3 event → Lambda), recorded in GET /full/imports.
 */
export function Imports({ stack }: StackContext) {
  const { table } = use(Storage);
  const { alarmTopic, alertDelivery } = use(Shared);
  const disposable = isDevelopmentStage(stack.stage);
  const logs = accessLogBucket(stack, "ImportLogs", stack.stage);
  // S3 invokes the import asynchronously: a file whose import kept failing is parked here, alarmed.
  const failedImports = failedInvocationsQueue(stack, "FailedImports");

  const bucket = new Bucket(stack, "Imports", {
    cdk: {
      bucket: {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        serverAccessLogsBucket: logs,
        serverAccessLogsPrefix: "imports-bucket/",
        removalPolicy: disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
        autoDeleteObjects: disposable,
      },
    },
    notifications: {
      [NOTIFICATION]: {
        function: {
          ...FUNCTION_DEFAULTS,
          handler: IMPORT_FILE_HANDLER,
          timeout: IMPORT_FILE_TIMEOUT_SECONDS,
          deadLetterQueue: failedImports,
          environment: { ...functionEnvironment(table), ...alertDelivery.environment },
          permissions: [...tableAccessStatements(table, "read-write"), ...alertDelivery.statements],
        },
        events: ["object_created"],
        filters: [{ suffix: ".csv" }],
      },
    },
  });
  // Reads the dropped files only: no listing, no writes, no other bucket.
  bucket.attachPermissionsToNotification(NOTIFICATION, [
    new PolicyStatement({ effect: Effect.ALLOW, actions: ["s3:GetObject"], resources: [`${bucket.bucketArn}/*`] }),
  ]);

  const fn = bucket.notificationFunctions[0];
  if (!fn) throw new Error("The import bucket has no notification function");
  alarmOnFunction(stack, "ImportFile", fn, "file import", alarmTopic);
  alarmOn(
    stack,
    "FailedImportMessages",
    failedImports.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
    "file import: dropped files whose import kept failing, waiting in the dead-letter queue",
    alarmTopic,
  );

  stack.addOutputs({ ImportBucket: bucket.bucketName });
  return { bucket };
}
