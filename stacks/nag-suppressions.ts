/**
 * The cdk-nag findings this design accepts, each naming its rule, the resources it covers and why.
 * Every suppression of the app lives here; nag.test.ts runs the AwsSolutions and Serverless packs
 * over every stage and fails on any finding not listed.
 */
import { CfnResource } from "aws-cdk-lib";
import type { IConstruct } from "constructs";
import { NagSuppressions } from "cdk-nag";
import { isDevelopmentStage } from "./deploy-settings.js";

export interface NagSuppression {
  /** The rule, as the pack names it ("AwsSolutions-IAM5"). */
  rule: string;
  /** The resources it covers: matched against each CloudFormation resource's construct path ("prod-fulfillment-Api/Api/..."). */
  resource: RegExp;
  /** For rules reporting one finding per item (IAM4, IAM5): the items accepted; else every finding of the rule. */
  appliesTo?: (string | RegExp)[];
  /** Only in development stages or only in kept ones (deploy-settings.ts); unset: every stage. */
  stages?: "development" | "kept";
  /** Why, in one sentence. */
  reason: string;
}

/** A resource path inside one of the app's stacks, whatever the stage. */
const inStack = (stack: string, rest: string): RegExp => new RegExp(`^[^/]+-fulfillment-${stack}/${rest}$`);

/** Any stack's functions made by SST and CDK themselves: SST's custom resource handler, CDK's log retention, S3 notifications and SDK-call functions. */
const FRAMEWORK_FUNCTIONS = /^[^/]+-fulfillment-\w+\/(CustomResourceHandler|LogRetention[0-9a-f]{32}|BucketNotificationsHandler[0-9a-f]{32}|AWS679f53fac002430cb0da5b7982bd2287)\//;
/** The service's functions the API, the state machine, the queues and the user pool invoke synchronously (or by polling). */
const SYNCHRONOUS_FUNCTIONS = [
  inStack("Api", "Api/Lambda_[^/]+/Resource"),
  inStack("SyncMachine", "Sync(Plan|Shard|Finalize)/Resource"),
  inStack("(Alerts|Notifications)", "\\w+/Consumer_\\w+/Resource"),
  inStack("Auth", "PreTokenGeneration/Resource"),
];
/** Every function role's policy the service writes (the route, job, step and trigger functions). */
const SERVICE_FUNCTION_POLICIES = /^[^/]+-fulfillment-\w+\/.*(Lambda_[^/]+|Job_\w+|Consumer_\w+|Notification_\w+|Sync(Plan|Shard|Finalize)|PreTokenGeneration)\/ServiceRole\/DefaultPolicy\/Resource$/;

export const NAG_SUPPRESSIONS: NagSuppression[] = [
  // ---- permissions ----
  {
    rule: "AwsSolutions-IAM4",
    resource: /./,
    appliesTo: ["Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"],
    reason: "AWSLambdaBasicExecutionRole lets a function write its own CloudWatch logs and nothing else.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: SERVICE_FUNCTION_POLICIES,
    appliesTo: [/^Resource::<Table[0-9A-F]{8}\.Arn>\/index\/\*$/],
    reason: "Queries on the indexes of the app's own table: the wildcard stands for that one table's index names.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: SERVICE_FUNCTION_POLICIES,
    appliesTo: ["Resource::*"],
    reason: "X-Ray's PutTraceSegments and PutTelemetryRecords take no resource; stacks.test.ts asserts nothing else is granted on *.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: inStack("Imports", "Imports/Notification_Imports_importFile/ServiceRole/DefaultPolicy/Resource"),
    appliesTo: [/^Resource::<ImportsBucket[0-9A-F]{8}\.Arn>\/\*$/],
    reason: "The file import reads whichever file is dropped into its own import bucket (s3:GetObject only).",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: inStack("SyncMachine", "SyncStateMachine/Role/DefaultPolicy/Resource"),
    appliesTo: [/^Resource::<Sync(Plan|Shard|Finalize)[0-9A-F]{8}\.Arn>:\*$/],
    reason: "Step Functions' Lambda task grants the invocation of the three step functions' own versions and aliases.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: inStack("SyncMachine", "SyncStateMachine/Role/DefaultPolicy/Resource"),
    appliesTo: ["Resource::*"],
    reason: "The state machine's X-Ray tracing and CloudWatch log delivery actions take no resource.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: inStack("SyncMachine", "SyncStateMachine/DistributedMapPolicy/Resource"),
    appliesTo: [/^Resource::arn:<AWS::Partition>:states:[^:]+:\d+:execution:.*SyncStateMachine[0-9A-F]{8}.*:\*$/],
    reason: "The Distributed Map starts and reads the child executions of its own state machine only.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: inStack("Console", "Console/S3UploaderPolicy/Resource"),
    reason: "SST's uploader copies the console's build from the CDK asset bucket into the console's own bucket, file names varying by build.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: inStack("Api", "ApiInvoke(ReadOnly|Full)/Resource"),
    appliesTo: [/^Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<Api[0-9A-F]{8}>\/\*\/.*$/],
    reason: "The IAM-mode invoke policies name each route of this API; the stage and the path parameters are the wildcards.",
  },
  {
    rule: "AwsSolutions-IAM5",
    resource: FRAMEWORK_FUNCTIONS,
    appliesTo: ["Resource::*"],
    reason: "CDK's log-retention function sets the retention of log groups named only when the functions first run.",
  },
  // ---- functions ----
  ...["AwsSolutions-L1", "Serverless-LambdaLatestVersion"].flatMap((rule) => [
    {
      rule,
      resource: /\/(Lambda_[^/]+|Job_\w+|Consumer_\w+|Notification_\w+|Sync(Plan|Shard|Finalize)|PreTokenGeneration)\/Resource$/,
      reason: "The service is built and tested on Node.js 22 (package.json engines, the local runtime); a newer runtime is a change of its own.",
    },
    { rule, resource: FRAMEWORK_FUNCTIONS, reason: "SST and CDK choose the runtime of the functions they provide." },
  ]),
  ...SYNCHRONOUS_FUNCTIONS.map((resource) => ({
    rule: "Serverless-LambdaDLQ",
    resource,
    reason: "Invoked synchronously (API Gateway, the state machine, Cognito) or by an SQS event source whose queue has its own dead-letter queue: a failure returns to the caller.",
  })),
  {
    rule: "Serverless-LambdaDLQ",
    resource: FRAMEWORK_FUNCTIONS,
    reason: "CloudFormation invokes the framework's custom-resource functions and reports their failures on the stack.",
  },
  {
    rule: "Serverless-LambdaEventSourceMappingDestination",
    resource: inStack("(Alerts|Notifications)", "\\w+/Consumer_\\w+/SqsEventSource:[^/]+/Resource"),
    reason: "An SQS event source takes no on-failure destination: the queue's redrive policy moves a message that keeps failing to its dead-letter queue, which is alarmed.",
  },
  {
    rule: "Serverless-LambdaAsyncFailureDestination",
    resource: inStack("Jobs", "DailySync/Job_DailySync/EventInvokeConfig/Resource"),
    reason: "A daily run that kept failing goes to the function's dead-letter queue (DeadLetterConfig), which is alarmed.",
  },
  // ---- queues and topics ----
  {
    rule: "Serverless-SQSRedrivePolicy",
    resource: /-fulfillment-\w+\/(\w*DeadLetters|Failed\w+)\/Resource$/,
    reason: "It is a dead-letter queue, alarmed on its first message; nothing reads it to fail again.",
  },
  {
    rule: "Serverless-SNSRedrivePolicy",
    resource: inStack("Shared", "Alarms/[^/]+/Resource"),
    reason: "An alarm e-mail that cannot be delivered leaves the alarm in ALARM in CloudWatch, where the operator sees it.",
  },
  // ---- API ----
  {
    rule: "AwsSolutions-APIG4",
    resource: inStack("Api", "Api/Route_(GET_--marketplace--callback|POST_--marketplace--notifications)/Resource"),
    reason: "The route table's two public routes: a browser follows the OAuth callback (its single-use state protects it) and the marketplace cannot present a token with its notifications.",
  },
  // ---- console, sign-in, logs ----
  {
    rule: "AwsSolutions-CFR4",
    resource: inStack("Console", "Console/Distribution/Resource"),
    reason: "The console is served at its cloudfront.net address, whose default certificate CloudFront offers with TLSv1; TLS 1.2 needs a domain and certificate of the deploy's own.",
  },
  {
    rule: "AwsSolutions-COG3",
    resource: inStack("Auth", "Users/Resource"),
    stages: "development",
    reason: "Disposable stages stay on Cognito's Essentials plan; threat protection needs Plus and is enforced in every kept stage.",
  },
  {
    rule: "AwsSolutions-SF1",
    resource: inStack("SyncMachine", "SyncStateMachine/Resource"),
    stages: "kept",
    reason: "Kept stages log the state machine's errors only: ALL would copy every run's seller data into the logs (development stages log ALL).",
  },
];

/** Attaches every suppression of the stage to the resources it names, in every stack of the app. */
export function applyNagSuppressions(app: IConstruct, stage: string, suppressions: NagSuppression[] = NAG_SUPPRESSIONS): void {
  const kind = isDevelopmentStage(stage) ? "development" : "kept";
  const ofStage = suppressions.filter((suppression) => (suppression.stages ?? kind) === kind);
  for (const construct of app.node.findAll()) {
    if (!CfnResource.isCfnResource(construct)) continue;
    const matching = ofStage.filter((suppression) => suppression.resource.test(construct.node.path));
    if (matching.length === 0) continue;
    NagSuppressions.addResourceSuppressions(
      construct,
      matching.map((suppression) => ({
        id: suppression.rule,
        reason: suppression.reason,
        ...(suppression.appliesTo ? { appliesTo: suppression.appliesTo.map((item) => (typeof item === "string" ? item : { regex: String(item) })) } : {}),
      })),
    );
  }
}
