/**
 * The seller registry: every marketplace account connected to the deployment (its `user_id`) and
 * the scope its records live in (storage/README.md, "Sellers"). The first seller owns the empty
 * scope, the keys a single account's data always had; every later one gets a scope of its own.
 */
import { randomUUID } from "node:crypto";
import { TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "./client.js";
import { cancelledConditions, isConditionFailure } from "./conditions.js";
import { getCredential, type DisconnectStamp } from "./credentials.js";
import { Entities, ITEM_ABSENT, ITEM_PRESENT } from "./keys.js";
import { queryAll } from "./operations.js";
import { withScope } from "./scope.js";

export interface Seller {
  user_id: string;
  nickname: string | null;
  site_id: string | null;
  /** The scope of its records: "" for the first seller of the deployment. */
  scope: string;
  /** When its account was last connected (its tokens obtained). */
  connected_at: string | null;
  /** Set when the account is removed: the record stays, so its scope is never handed to another account. */
  removed_at?: string | null;
}

export interface SellerAccount {
  user_id: string;
  nickname: string | null;
  site_id?: string | null;
}

/** The scope of every seller after the first: its own id, so no two accounts can share one and none is "". */
export const scopeOfUser = (userId: string): string => `ml-${userId}`;

/** The scope of what belongs to every account together (the consolidated plan's stored answers): no account's scope. */
export const CONSOLIDATED_SCOPE = "all";

const PARTITION = Entities.seller.query.partition();

interface Registry {
  sellers: Seller[];
  /** The user_id of the seller that owns the empty scope; undefined before the first is registered. */
  firstOwner: string | undefined;
}

async function readRegistry(ref: TableRef): Promise<Registry> {
  const items = await queryAll<Record<string, unknown>>(ref, { ...PARTITION, ConsistentRead: true });
  const sellers: Seller[] = [];
  let firstOwner: string | undefined;
  for (const item of items) {
    if (item.kind === "first_seller") firstOwner = String(item.user_id);
    else if (item.kind === "seller") {
      sellers.push({
        user_id: String(item.user_id),
        nickname: (item.nickname as string | null | undefined) ?? null,
        site_id: (item.site_id as string | null | undefined) ?? null,
        scope: String(item.scope ?? ""),
        connected_at: (item.connected_at as string | null | undefined) ?? null,
        removed_at: (item.removed_at as string | null | undefined) ?? null,
      });
    }
  }
  return { sellers, firstOwner };
}

/** The single account of a table written before the registry existed: its credential, in the empty scope. */
async function legacySeller(ref: TableRef): Promise<Seller | undefined> {
  const credential = await withScope("", () => getCredential(ref, "mercadolivre"));
  const userId = credential?.user_id;
  if (!credential || userId === null || userId === undefined || userId === "") return undefined;
  return { user_id: String(userId), nickname: credential.nickname ?? null, site_id: credential.site_id ?? null, scope: "", connected_at: credential.updated_at ?? null };
}

// The first seller first, then the others by id: a stable order for lists and refusals.
const byRegistration = (a: Seller, b: Seller): number => (a.scope === "" ? -1 : b.scope === "" ? 1 : a.user_id.localeCompare(b.user_id));

/**
 * The connected sellers. A table without a registry answers its single credential's account as
 * the first seller (nothing is written: read routes may not write).
 */
export async function connectedSellers(ref: TableRef): Promise<Seller[]> {
  const registry = await readRegistry(ref);
  if (registry.firstOwner === undefined) {
    const legacy = await legacySeller(ref);
    return legacy ? [legacy] : [];
  }
  return registry.sellers.filter((seller) => !seller.removed_at).sort(byRegistration);
}

/**
 * How long a container answers requests from its copy of the registry. A connection or removal in
 * this container forgets the copy at once; another container sees it after at most this long, and
 * a request naming a seller its copy does not know reads the registry again before refusing.
 */
export const SELLERS_CACHE_MS = 10_000;

let copy: { table: string; sellers: Promise<Seller[]>; readAt: number } | undefined;

/** The connected sellers, read at most once per SELLERS_CACHE_MS in this container (`fresh`: read now). */
export function cachedSellers(ref: TableRef, { fresh = false, now = Date.now() }: { fresh?: boolean; now?: number } = {}): Promise<Seller[]> {
  if (!fresh && copy?.table === ref.table && now - copy.readAt >= 0 && now - copy.readAt < SELLERS_CACHE_MS) return copy.sellers;
  const sellers = connectedSellers(ref);
  const read = { table: ref.table, sellers, readAt: now };
  copy = read;
  // A failed read is not kept: the next request tries again.
  sellers.catch(() => copy === read && (copy = undefined));
  return sellers;
}

/** Forgets this container's copy of the registry (after it changed here). */
export const forgetSellers = (): void => {
  copy = undefined;
};

const sellerItem = (seller: Seller): Record<string, unknown> => ({ ...Entities.seller.key({ userId: seller.user_id }), kind: "seller", ...seller });

/** Writes the first seller with its claim on the empty scope; false when another writer claimed it first. */
async function claimFirst(ref: TableRef, seller: Seller): Promise<boolean> {
  try {
    await ref.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: ref.table, Item: { ...Entities.first_seller.key(), kind: "first_seller", user_id: seller.user_id }, ConditionExpression: ITEM_ABSENT } },
          { Put: { TableName: ref.table, Item: sellerItem(seller), ConditionExpression: ITEM_ABSENT } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancelledConditions(error).some(Boolean)) return false;
    throw error;
  }
}

/**
 * Records the account of a table from before the registry as its first seller, owner of the
 * empty scope where its data already is. Idempotent: nothing happens once a first seller exists.
 */
export async function ensureRegistry(ref: TableRef): Promise<Registry> {
  const registry = await readRegistry(ref);
  if (registry.firstOwner !== undefined) return registry;
  const legacy = await legacySeller(ref);
  if (!legacy) return registry;
  await claimFirst(ref, legacy);
  forgetSellers();
  return readRegistry(ref);
}

/**
 * Adds a connected account, or renews one known already (also one removed before: it gets its own
 * scope back). The first account of the deployment owns the empty scope; any other gets its own.
 */
export async function registerSeller(ref: TableRef, account: SellerAccount, now = new Date()): Promise<Seller> {
  for (let attempt = 0; ; attempt++) {
    const registry = await ensureRegistry(ref);
    const known = registry.sellers.find((seller) => seller.user_id === account.user_id);
    const fields = { nickname: account.nickname, site_id: account.site_id ?? null, connected_at: now.toISOString() };
    if (known) {
      await ref.doc.send(
        new UpdateCommand({
          TableName: ref.table,
          Key: Entities.seller.key({ userId: known.user_id }),
          UpdateExpression: "SET nickname = :n, site_id = :s, connected_at = :c REMOVE removed_at",
          ExpressionAttributeValues: { ":n": fields.nickname, ":s": fields.site_id, ":c": fields.connected_at },
          ConditionExpression: ITEM_PRESENT,
        }),
      );
      forgetSellers();
      return { ...known, ...fields, removed_at: null };
    }
    const seller: Seller = { user_id: account.user_id, ...fields, scope: registry.firstOwner === undefined ? "" : scopeOfUser(account.user_id), removed_at: null };
    const written =
      seller.scope === ""
        ? await claimFirst(ref, seller)
        : await ref.doc
            .send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: ref.table, Item: sellerItem(seller), ConditionExpression: ITEM_ABSENT } }] }))
            .then(() => true, (error: unknown) => (cancelledConditions(error).some(Boolean) || isConditionFailure(error) ? false : Promise.reject(error)));
    forgetSellers();
    if (written) return seller;
    // Another connection registered this account or the first seller meanwhile: read again.
    if (attempt >= 2) throw new Error(`The seller ${account.user_id} could not be registered: the registry kept changing`);
  }
}

/**
 * Gives the only connected seller a new account, its scope and records unchanged: what a single
 * account's credential replaced by another one means (CONTRACTS §3, a credential's identity is its
 * provider). Answers undefined, changing nothing, unless exactly one seller is connected and the
 * account is not in the registry (a removed account keeps its own scope for when it returns).
 */
export async function replaceOnlySeller(ref: TableRef, account: SellerAccount, now = new Date()): Promise<Seller | undefined> {
  const registry = await ensureRegistry(ref);
  const connected = registry.sellers.filter((seller) => !seller.removed_at);
  const only = connected[0];
  if (connected.length !== 1 || !only || registry.sellers.some((seller) => seller.user_id === account.user_id)) return undefined;
  const seller: Seller = { ...only, user_id: account.user_id, nickname: account.nickname, site_id: account.site_id ?? null, connected_at: now.toISOString(), removed_at: null };
  const owner =
    only.scope === ""
      ? [{ Put: { TableName: ref.table, Item: { ...Entities.first_seller.key(), kind: "first_seller", user_id: seller.user_id }, ConditionExpression: "user_id = :old", ExpressionAttributeValues: { ":old": only.user_id } } }]
      : [];
  try {
    await ref.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: ref.table, Key: Entities.seller.key({ userId: only.user_id }), ConditionExpression: ITEM_PRESENT } },
          { Put: { TableName: ref.table, Item: sellerItem(seller), ConditionExpression: ITEM_ABSENT } },
          ...owner,
        ],
      }),
    );
  } catch (error) {
    // Another connection changed the registry meanwhile: the caller registers as usual instead.
    if (cancelledConditions(error).some(Boolean)) return undefined;
    throw error;
  } finally {
    forgetSellers();
  }
  return seller;
}

/**
 * Removes a seller: its credential is deleted and the removal recorded as an account event, all or
 * nothing. Its records stay in its scope, kept for it if the same account connects again.
 */
export async function removeSeller(ref: TableRef, userId: string, stamp: DisconnectStamp, now = new Date()): Promise<void> {
  const registry = await ensureRegistry(ref);
  const seller = registry.sellers.find((candidate) => candidate.user_id === userId);
  if (!seller) return;
  const at = now.toISOString();
  const credentialKey = withScope(seller.scope, () => Entities.credential.key({ provider: "mercadolivre" }));
  const event = { kind: "account_event", action: "disconnect", provider: "mercadolivre", user_id: seller.user_id, at, actor: stamp.actor, request_id: stamp.requestId };
  await ref.doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: ref.table,
            Key: Entities.seller.key({ userId: seller.user_id }),
            UpdateExpression: "SET removed_at = :at",
            ExpressionAttributeValues: { ":at": at },
          },
        },
        { Delete: { TableName: ref.table, Key: credentialKey } },
        { Put: { TableName: ref.table, Item: { ...Entities.account_event.key({ id: `${at}#${randomUUID()}` }), ...event } } },
      ],
    }),
  );
  forgetSellers();
}
