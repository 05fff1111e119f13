import { randomUUID } from "node:crypto";
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import type { Credential, CredentialProvider } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Entities } from "./keys.js";
import { batchWrite } from "./operations.js";
import { toRecord } from "./items.js";

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

export const credentialItem = (credential: Credential): Record<string, unknown> => ({
  ...Entities.credential.key({ provider: credential.provider }),
  kind: "credential",
  ...credential,
});

export async function getCredential(ref: TableRef, provider: CredentialProvider): Promise<Credential | undefined> {
  const result = await ref.doc.send(
    new GetCommand({ TableName: ref.table, Key: Entities.credential.key({ provider }), ConsistentRead: true }),
  );
  return result.Item ? toRecord<Credential>(result.Item) : undefined;
}

/** Sets the access token, creating the record with an empty refresh token when missing. */
export function credentialTokenUpdate(ref: TableRef, provider: CredentialProvider, accessToken: string, now: Date): TransactItem {
  return {
    Update: {
      TableName: ref.table,
      Key: Entities.credential.key({ provider }),
      UpdateExpression:
        "SET provider = :provider, access_token = :token, updated_at = :now, refresh_token = if_not_exists(refresh_token, :empty), kind = :kind",
      ExpressionAttributeValues: {
        ":provider": provider,
        ":token": accessToken,
        ":now": now.toISOString(),
        ":empty": "",
        ":kind": "credential",
      },
    },
  };
}

/** Stores a new token pair together (refresh tokens are single use: never keep one without the other). */
export async function saveTokenPair(
  ref: TableRef,
  provider: CredentialProvider,
  pair: { access_token: string; refresh_token: string; expires_at?: string | null; user_id?: string | number | null },
  now = new Date(),
): Promise<void> {
  const values: Record<string, unknown> = {
    ":a": pair.access_token,
    ":r": pair.refresh_token,
    ":now": now.toISOString(),
    ":p": provider,
    ":kind": "credential",
  };
  let expression = "SET access_token = :a, refresh_token = :r, updated_at = :now, provider = :p, kind = :kind";
  if (pair.expires_at !== undefined) {
    expression += ", expires_at = :e";
    values[":e"] = pair.expires_at;
  }
  if (pair.user_id !== undefined && pair.user_id !== null) {
    expression += ", user_id = :u";
    values[":u"] = pair.user_id;
  }
  await ref.doc.send(
    new UpdateCommand({ TableName: ref.table, Key: Entities.credential.key({ provider }), UpdateExpression: expression, ExpressionAttributeValues: values }),
  );
}

export async function putCredential(ref: TableRef, credential: Credential): Promise<void> {
  await ref.doc.send(new PutCommand({ TableName: ref.table, Item: credentialItem(credential) }));
}

export async function putCredentials(ref: TableRef, credentials: Credential[]): Promise<void> {
  await batchWrite(ref, credentials.map((credential) => ({ put: credentialItem(credential) })));
}

/** Who disconnected an account, when and in which request (the credential itself is gone). */
export interface DisconnectStamp {
  actor: string;
  requestId: string | null;
}

/** Deletes the credential and records the disconnection as an account event, both or neither; never a token. */
export async function deleteCredentialRecorded(ref: TableRef, provider: CredentialProvider, stamp: DisconnectStamp, now: Date): Promise<void> {
  const at = now.toISOString();
  const event = { kind: "account_event", action: "disconnect", provider, at, actor: stamp.actor, request_id: stamp.requestId };
  await ref.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: ref.table, Key: Entities.credential.key({ provider }) } },
        { Put: { TableName: ref.table, Item: { ...Entities.account_event.key({ id: `${at}#${randomUUID()}` }), ...event } } },
      ],
    }),
  );
}
