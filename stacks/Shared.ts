import { Duration } from "aws-cdk-lib";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Topic } from "aws-cdk-lib/aws-sns";
import { DELIVERY_ATTEMPTS } from "@fulfillment/functions/config/alerts";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Config, type StackContext } from "sst/constructs";
import { readDeploySettings } from "./deploy-settings.js";
import { queueWithDeadLetters } from "./queues.js";

/** The delivery function's timeout; the queue hides a message being delivered a little longer. */
export const ALERT_DELIVERY_TIMEOUT_SECONDS = 30;

/**
 * What the API and the jobs share: marketplace configuration, the alarm topic, and the alert
 * delivery queue (with its dead-letter queue) and e-mail topic that every function ending a sync or
 * an import writes to (stacks/Alerts.ts consumes the queue).
 */
export function Shared({ stack }: StackContext) {
  const settings = readDeploySettings();

  // Secret values live only in SSM (`npx sst secrets set ...`); functions fetch them at cold start.
  const clientId = new Config.Secret(stack, "MARKETPLACE_CLIENT_ID");
  const clientSecret = new Config.Secret(stack, "MARKETPLACE_CLIENT_SECRET");
  const apiUrl = new Config.Parameter(stack, "MARKETPLACE_API_URL", { value: settings.marketplaceApiUrl });

  // Both topics refuse publishing over plain HTTP.
  const alarmTopic = new Topic(stack, "Alarms", { enforceSSL: true });
  if (settings.alarmEmail) alarmTopic.addSubscription(new EmailSubscription(settings.alarmEmail));

  // Not secret: plain environment of the functions that call the marketplace or send the seller to it.
  const environment: Record<string, string> = { MARKETPLACE_API_URL: apiUrl.value };
  if (settings.marketplaceAuthUrl) environment.MARKETPLACE_AUTH_URL = settings.marketplaceAuthUrl;
  if (settings.marketplaceSite) environment.MARKETPLACE_SITE = settings.marketplaceSite;
  if (settings.marketplaceRedirectUri) environment.MARKETPLACE_REDIRECT_URI = settings.marketplaceRedirectUri;

  // Alert deliveries: SQS retries each (the consumer sets the backoff); after the last attempt the dead-letter queue.
  const { queue: alertQueue, deadLetters: alertDeadLetters } = queueWithDeadLetters(
    stack,
    { queue: "AlertDeliveries", deadLetters: "AlertDeliveryDeadLetters" },
    { visibilityTimeout: Duration.seconds(ALERT_DELIVERY_TIMEOUT_SECONDS * 2), receives: DELIVERY_ATTEMPTS },
  );
  // Alert e-mails: each e-mail subscription subscribes its address, filtered to its own messages.
  const alertTopic = new Topic(stack, "AlertEmails", { displayName: "Alertas do fulfillment", enforceSSL: true });
  const alertDelivery = {
    queue: alertQueue,
    deadLetters: alertDeadLetters,
    topic: alertTopic,
    environment: {
      ALERTS_QUEUE_URL: alertQueue.queueUrl,
      ALERTS_TOPIC_ARN: alertTopic.topicArn,
      ...(settings.consoleOrigin ? { CONSOLE_URL: `${settings.consoleOrigin}/` } : {}),
    } as Record<string, string>,
    /** What a function that records alerts (and queues their deliveries, subscribes addresses) may do. */
    statements: [
      new PolicyStatement({ effect: Effect.ALLOW, actions: ["sqs:SendMessage"], resources: [alertQueue.queueArn] }),
      new PolicyStatement({ effect: Effect.ALLOW, actions: ["sns:Publish", "sns:Subscribe"], resources: [alertTopic.topicArn] }),
    ],
  };

  return {
    alarmTopic,
    alertDelivery,
    marketplace: { bindings: [clientId, clientSecret, apiUrl], apiUrl: apiUrl.value, environment },
  };
}
