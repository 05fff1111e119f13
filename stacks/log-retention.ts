import { CfnResource, Fn } from "aws-cdk-lib";
import { LogRetention, RetentionDays } from "aws-cdk-lib/aws-logs";
import type { IConstruct } from "constructs";

/** The functions SST and CDK add without a log retention: SST's custom-resource handler, CDK's S3 notification and auto-delete handlers. */
const WITHOUT_RETENTION = /^(CustomResourceHandler|BucketNotificationsHandler[0-9a-f]{32}|Custom::\w+CustomResourceProvider)$/;

/**
 * Keeps a month of the framework functions' logs too, so no log group of the app lives forever.
 * The service's own functions set theirs (FUNCTION_DEFAULTS); CDK's log-retention function sets its own.
 */
export function retainFrameworkLogs(app: IConstruct): void {
  for (const construct of app.node.findAll()) {
    if (!CfnResource.isCfnResource(construct) || construct.cfnResourceType !== "AWS::Lambda::Function") continue;
    const owner = construct.node.scope;
    if (!owner || !WITHOUT_RETENTION.test(owner.node.id) || owner.node.tryFindChild("Logs")) continue;
    new LogRetention(owner, "Logs", { logGroupName: Fn.join("", ["/aws/lambda/", construct.ref]), retention: RetentionDays.ONE_MONTH });
  }
}
