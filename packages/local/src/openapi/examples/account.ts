/** Examples of the marketplace account endpoints. */
import { errorBody } from "@fulfillment/functions/http/envelope";
import { commonErrors, one, type Examples } from "./common.js";

const AUTHORIZATION_PAGE =
  "https://auth.mercadolivre.com.br/authorization?response_type=code&client_id=1234567890&redirect_uri=https%3A%2F%2Fabcdef1234.execute-api.us-east-1.amazonaws.com%2Fmarketplace%2Fcallback&state=q3v9Xz0bS1mN2pL8cT4uW6yA5dE7fG0h";

export function accountExamples(): Examples {
  return {
    connectMarketplaceAccount: {
      responses: { 302: one("To the authorization page", { success: true, authorization_url: AUTHORIZATION_PAGE }), ...commonErrors("success") },
    },
    marketplaceCallback: {
      responses: {
        400: one("A reused state", errorBody("success", "The authorization state is unknown or was already used; start again at /marketplace/connect")),
        ...commonErrors("success"),
      },
    },
    getMarketplaceAccount: {
      responses: {
        200: one("A connected account", {
          connected: true,
          user_id: 123456789,
          nickname: "CASA_E_JARDIM",
          site_id: "MLB",
          token_expires_at: "2026-11-21T12:00:00.000Z",
          refreshed_at: "2026-11-21T06:00:00.000Z",
          accounts: [
            { user_id: "123456789", nickname: "CASA_E_JARDIM", connected_at: "2026-11-02T14:30:00.000Z" },
            { user_id: "987654321", nickname: "CASA_E_JARDIM_SUL", connected_at: "2026-11-15T09:10:00.000Z" },
          ],
        }),
        ...commonErrors("success"),
      },
    },
    forgetMarketplaceAccount: { responses: { 200: one("Forgotten", { success: true }), ...commonErrors("success") } },
  };
}
