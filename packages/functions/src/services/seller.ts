import type { Credential } from "@fulfillment/core";
import { explain } from "../error-texts.js";
import { MarketplaceConfigError, MissingCredentialError } from "../errors.js";
import type { TableRef } from "#storage/client";
import { getCredential } from "#storage/credentials";

/** The seller id the listing and the operations search need; a missing credential or seller id is a configuration problem. */
export function sellerIdOf(credential: Credential | undefined): string | number {
  if (!credential) throw new MissingCredentialError("mercadolivre");
  if (credential.user_id === null || credential.user_id === undefined || credential.user_id === "") {
    throw new MarketplaceConfigError(explain("seller_id_missing", { provider: "mercadolivre" }));
  }
  return credential.user_id;
}

/** The seller id of the stored `mercadolivre` credential (sellerIdOf). */
export async function sellerId(ref: TableRef): Promise<string | number> {
  return sellerIdOf(await getCredential(ref, "mercadolivre"));
}
