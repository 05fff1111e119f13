import { AsyncLocalStorage } from "node:async_hooks";

/** A seller a `seller_id=all` request covers: its id, nickname and the scope of its records. */
export interface SellerInRequest {
  user_id: string;
  nickname: string | null;
  scope: string;
}

// Set by http/seller.ts for the whole request, like the scope, so the handler need not be told.
const current = new AsyncLocalStorage<readonly SellerInRequest[]>();

/** The sellers of a `seller_id=all` request; undefined when the request is about one seller. */
export const sellersInRequest = (): readonly SellerInRequest[] | undefined => current.getStore();

/** Runs `work` as a request about every seller in `sellers`. */
export const withSellersInRequest = <T>(sellers: readonly SellerInRequest[], work: () => T): T => current.run(sellers, work);
