/**
 * The user pool's pre-token-generation trigger (event version 2): a person's access token carries
 * exactly the route-table scopes of their groups (access-groups.ts), whatever the console asked for,
 * the sellers their groups grant (`seller-<user_id>`; every seller for the administrators), and
 * their email.
 */
import type { PreTokenGenerationV2TriggerEvent } from "aws-lambda";
import { SELLERS_CLAIM, scopesOfGroups, sellersOfGroups } from "../../access-groups.js";
import { SCOPES } from "../../routes.js";

export const handler = async (event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> => {
  const groups = event.request.groupConfiguration.groupsToOverride ?? [];
  const granted = scopesOfGroups(groups);
  const email = event.request.userAttributes.email;
  const sellers = sellersOfGroups(groups);
  event.response = {
    claimsAndScopeOverrideDetails: {
      accessTokenGeneration: {
        scopesToAdd: granted,
        scopesToSuppress: SCOPES.filter((scope) => !granted.includes(scope)),
        // The person's address names them in what they change (http/actor.ts); the pool's user name is an id.
        claimsToAddOrOverride: { ...(sellers ? { [SELLERS_CLAIM]: sellers } : {}), ...(email ? { email } : {}) },
      },
    },
  };
  return event;
};
