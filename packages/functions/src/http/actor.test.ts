import { describe, expect, it } from "vitest";
import { actorOfEvent, LOCAL_ACTOR } from "./actor.js";

const withAuthorizer = (authorizer: unknown) => ({ requestContext: { authorizer } }) as never;

describe("the actor of a request", () => {
  it("names a person by email and sub (user pool token, email added by its trigger)", () => {
    const claims = { sub: "5f1c-uuid", username: "5f1c-uuid", email: "ana@example.com", client_id: "console-client", scope: "fulfillment/read" };
    expect(actorOfEvent(withAuthorizer({ jwt: { claims, scopes: ["fulfillment/read"] } }))).toBe("ana@example.com (5f1c-uuid)");
  });

  it("names a person of another issuer by preferred_username, else username", () => {
    expect(actorOfEvent(withAuthorizer({ jwt: { claims: { sub: "00u1", preferred_username: "bia" } } }))).toBe("bia (00u1)");
    expect(actorOfEvent(withAuthorizer({ jwt: { claims: { sub: "00u2", username: "caio" } } }))).toBe("caio (00u2)");
    expect(actorOfEvent(withAuthorizer({ jwt: { claims: { sub: "00u3" } } }))).toBe("00u3");
  });

  it("names a machine by its client id (client credentials: no user name, sub absent or the client's)", () => {
    expect(actorOfEvent(withAuthorizer({ jwt: { claims: { sub: "erp-client", client_id: "erp-client", scope: "fulfillment/read" } } }))).toBe("client erp-client");
    expect(actorOfEvent(withAuthorizer({ jwt: { claims: { client_id: "erp-client" } } }))).toBe("client erp-client");
  });

  it("names an IAM caller by ARN, and the open local API as local", () => {
    const arn = "arn:aws:sts::123456789012:assumed-role/erp/session";
    expect(actorOfEvent(withAuthorizer({ iam: { userArn: arn, accountId: "123456789012" } }))).toBe(arn);
    expect(actorOfEvent({ requestContext: {} } as never)).toBe(LOCAL_ACTOR);
    expect(LOCAL_ACTOR).toBe("local");
  });
});
