import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { Config, type StackContext } from "sst/constructs";
import { readDeploySettings } from "./deploy-settings.js";

/** What the API and the jobs share: marketplace configuration and the alarm topic. */
export function Shared({ stack }: StackContext) {
  const settings = readDeploySettings();

  // Secret values live only in SSM (`npx sst secrets set ...`); functions fetch them at cold start.
  const clientId = new Config.Secret(stack, "MARKETPLACE_CLIENT_ID");
  const clientSecret = new Config.Secret(stack, "MARKETPLACE_CLIENT_SECRET");
  const apiUrl = new Config.Parameter(stack, "MARKETPLACE_API_URL", { value: settings.marketplaceApiUrl });

  const alarmTopic = new Topic(stack, "Alarms");
  if (settings.alarmEmail) alarmTopic.addSubscription(new EmailSubscription(settings.alarmEmail));

  // Not secret: plain environment of the functions that call the marketplace or send the seller to it.
  const environment: Record<string, string> = { MARKETPLACE_API_URL: apiUrl.value };
  if (settings.marketplaceAuthUrl) environment.MARKETPLACE_AUTH_URL = settings.marketplaceAuthUrl;
  if (settings.marketplaceSite) environment.MARKETPLACE_SITE = settings.marketplaceSite;
  if (settings.marketplaceRedirectUri) environment.MARKETPLACE_REDIRECT_URI = settings.marketplaceRedirectUri;

  return {
    alarmTopic,
    marketplace: { bindings: [clientId, clientSecret, apiUrl], apiUrl: apiUrl.value, environment },
  };
}
