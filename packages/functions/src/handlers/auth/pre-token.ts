/**
 * The user pool's pre-token-generation trigger (event version 3): a person's access token carries
 * exactly the route-table scopes of their groups (access-groups.ts), whatever the console asked for,
 * the sellers their groups grant (`seller-<user_id>`; every seller for the administrators), and
 * their email. A machine client's token (client credentials) keeps the scopes the client was given
 * and carries the sellers its deployment grants it (API_MACHINE_CLIENT_SELLERS).
 */
import type { PreTokenGenerationV2TriggerEvent } from "aws-lambda";
import { SELLERS_CLAIM, scopesOfGroups, sellersOfGroups } from "../../access-groups.js";
import { machineClientSellers } from "../../config/auth.js";
import { SCOPES } from "../../routes.js";

/** Version 3 events: a person's as in version 2, or a machine client's. */
type TokenEvent = Omit<PreTokenGenerationV2TriggerEvent, "triggerSource" | "version"> & { version: string; triggerSource: PreTokenGenerationV2TriggerEvent["triggerSource"] | "TokenGeneration_ClientCredentials" };

const sellersClaim = (sellers: string | undefined): Record<string, string> => (sellers ? { [SELLERS_CLAIM]: sellers } : {});

export const handler = async <E extends TokenEvent>(event: E): Promise<E> => {
  if (event.triggerSource === "TokenGeneration_ClientCredentials") {
    const claims = sellersClaim(machineClientSellers()[event.callerContext.clientId]);
    event.response = { claimsAndScopeOverrideDetails: { accessTokenGeneration: Object.keys(claims).length > 0 ? { claimsToAddOrOverride: claims } : {} } };
    return event;
  }
  const groups = event.request.groupConfiguration.groupsToOverride ?? [];
  const granted = scopesOfGroups(groups);
  const email = event.request.userAttributes.email;
  event.response = {
    claimsAndScopeOverrideDetails: {
      accessTokenGeneration: {
        scopesToAdd: granted,
        scopesToSuppress: SCOPES.filter((scope) => !granted.includes(scope)),
        // The person's address names them in what they change (http/actor.ts); the pool's user name is an id.
        claimsToAddOrOverride: { ...sellersClaim(sellersOfGroups(groups)), ...(email ? { email } : {}) },
      },
    },
  };
  return event;
};
