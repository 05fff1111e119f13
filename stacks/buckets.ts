import { Duration, RemovalPolicy } from "aws-cdk-lib";
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from "aws-cdk-lib/aws-s3";
import type { Construct } from "constructs";
import { isDevelopmentStage } from "./deploy-settings.js";

/** How long access logs are kept before S3 expires them. */
export const ACCESS_LOG_DAYS = 90;

/**
 * The access-log bucket of a stack's buckets and CloudFront distribution: private, encrypted with
 * S3 keys (the only kind S3 server access logging writes to), TLS only, expiring after 90 days.
 * CloudFront's standard logs still arrive through ACLs, so object writers keep ownership.
 */
export function accessLogBucket(scope: Construct, id: string, stage: string): Bucket {
  const disposable = isDevelopmentStage(stage);
  return new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: ObjectOwnership.OBJECT_WRITER,
    lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS) }],
    removalPolicy: disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    autoDeleteObjects: disposable,
  });
}
