import { DescribeTableCommand, ExportTableToPointInTimeCommand } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface ExportRequest {
  table: string;
  region: string;
  bucket: string;
  /** The folder of the bucket the export goes under. */
  prefix: string;
}

export interface StartedExport {
  arn: string;
  /** The lines that say how to follow the export and where its files land. */
  instructions: string[];
}

/**
 * Starts a DynamoDB export of the table as it is now (point-in-time recovery must be on; the stack
 * keeps it on) to S3, in DynamoDB JSON. DynamoDB writes it in the background, gzipped files with a
 * manifest that lists each file's item count and MD5 checksum; nothing here waits for it.
 */
export async function startPointInTimeExport(doc: DynamoDBDocumentClient, request: ExportRequest): Promise<StartedExport> {
  const { Table } = await doc.send(new DescribeTableCommand({ TableName: request.table }));
  const answer = await doc.send(
    new ExportTableToPointInTimeCommand({
      TableArn: Table!.TableArn!,
      S3Bucket: request.bucket,
      S3Prefix: request.prefix,
      ExportFormat: "DYNAMODB_JSON",
      ExportType: "FULL_EXPORT",
    }),
  );
  const arn = answer.ExportDescription!.ExportArn!;
  return { arn, instructions: exportInstructions(arn, request) };
}

export function exportInstructions(arn: string, request: ExportRequest): string[] {
  const exportId = arn.split("/").at(-1);
  return [
    `Export started: ${arn}`,
    `Follow it (ExportStatus goes from IN_PROGRESS to COMPLETED, usually within minutes to an hour):`,
    `  aws dynamodb describe-export --export-arn ${arn} --region ${request.region}`,
    `Its files: s3://${request.bucket}/${request.prefix}/AWSDynamoDB/${exportId}/ (manifest-summary.json: item count; manifest-files.json: each data file's MD5 checksum)`,
    `List them: aws s3 ls s3://${request.bucket}/${request.prefix}/AWSDynamoDB/${exportId}/ --recursive --region ${request.region}`,
  ];
}
