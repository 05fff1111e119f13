import { GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";

/** The AWS account the default credential chain signs for, so a load into AWS names it before it writes. */
export async function callerAccount(region: string): Promise<string> {
  const sts = new STSClient({ region });
  try {
    const identity = await sts.send(new GetCallerIdentityCommand({}));
    return identity.Account ?? "(unnamed)";
  } finally {
    sts.destroy();
  }
}
