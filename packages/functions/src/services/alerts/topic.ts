/**
 * The alert topic (SNS), which carries the e-mail digests: each address subscribes filtered to its
 * own subscription's messages, and each digest is published carrying that subscription's id.
 */
import { PublishCommand, SNSClient, SubscribeCommand } from "@aws-sdk/client-sns";
import { awsRegion } from "../../config/env.js";
import { tracedClient } from "../../observability/tracing.js";

const sns = tracedClient(new SNSClient({ region: awsRegion() }));

/** Subscribes an address to the topic; it receives only its subscription's messages once it confirms the mail SNS sends. */
export async function subscribeAddress(topic: string, address: string, subscriptionId: string): Promise<void> {
  await sns.send(
    new SubscribeCommand({
      TopicArn: topic,
      Protocol: "email",
      Endpoint: address,
      Attributes: { FilterPolicy: JSON.stringify({ subscription_id: [subscriptionId] }) },
    }),
  );
}

/** Publishes a message that only the subscription's address receives. */
export async function publishTo(topic: string, subscriptionId: string, subject: string, message: string): Promise<void> {
  await sns.send(
    new PublishCommand({
      TopicArn: topic,
      Subject: subject,
      Message: message,
      MessageAttributes: { subscription_id: { DataType: "String", StringValue: subscriptionId } },
    }),
  );
}
