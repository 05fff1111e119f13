/** What the consolidated reads (seller_id=all) share: each seller's own answer, read in its scope. */
import { withScope } from "#storage/scope";
import { JsonText, StoredJson, type StoredBody } from "../json-text.js";

/** A seller a consolidated read covers. */
export interface SellerRef {
  user_id: string;
  nickname: string | null;
  scope: string;
}

/** `read` of every seller, each run in its seller's scope, in the sellers' order. */
export const inEachSeller = <T>(sellers: readonly SellerRef[], read: (seller: SellerRef) => Promise<T>): Promise<T[]> =>
  Promise.all(sellers.map((seller) => withScope(seller.scope, () => read(seller))));

/** A body as computed, also when a view answered it as stored text. */
export const bodyOf = <Body>(answer: StoredBody<Body>): Body =>
  answer instanceof JsonText ? (JSON.parse(answer.text) as Body) : answer instanceof StoredJson ? (JSON.parse(answer.text()) as Body) : answer;
