/**
 * The HTTP contract of the /alerts endpoints: the request schema each handler parses with, and
 * its answers.
 */
import * as z from "zod/mini";
import { Alerts, Messages } from "@fulfillment/core";
import { DELIVERY_ATTEMPTS } from "../config/alerts.js";
import { explain, explanationOf, issueText } from "../error-texts.js";
import { InvalidInputError } from "../errors.js";
import type { DeliveryAttempt } from "#storage/alerts/deliveries";
import { MAX_TARGET_LENGTH } from "./limits.js";
import { CHANNELS, DELIVERY_MODES, PAYLOAD_FORMATS, type Subscription as SubscriptionRecord } from "#storage/alerts/subscriptions";
import { type Agrees, type Checked, common, count, described, endpoint, failure, Message, named, nullableText, ok, revalidated, succeeded, text, unknownFields, wholeNumberQuery, bounded, id, list, whole } from "./schema.js";
import { LIMITS } from "./limits.js";

export const DEFAULT_EVENTS_LIMIT = 100;
export const MAX_EVENTS_LIMIT = 1000;
export const MAX_SKU_FILTER = 200;

const KINDS_TEXT = Alerts.ALERT_KINDS.join(", ");

const instant = (description: string) => described(description, z.iso.datetime({ offset: true }).check(z.maxLength(LIMITS.dateTimeChars)));

const kind = described(`Alert kind: ${Alerts.ALERT_KINDS.join(", ")}`, z.enum(Alerts.ALERT_KINDS));
const severity = described("info, warning or critical", z.enum(Alerts.SEVERITIES));

const SkuFigures = named(
  "AlertSkuFigures",
  "The SKU's numbers when the alert was derived",
  z.object({
    title: nullableText("The title of the SKU's first Full ad", LIMITS.titleChars),
    coverage_days: described("Days Full stock (available + in transit) lasts at the SKU's velocity (the restock plan's figure); null without sales", z.nullable(z.number())),
    stockout_date: described("When Full runs out at that velocity; null without sales", z.nullable(z.iso.date().check(z.maxLength(LIMITS.dayChars)))),
    units_to_send: described("Units the restock plan says to send (quantity_needed); null without sales", z.nullable(whole(0, LIMITS.unitsMax))),
    surcharge_ahead: described("Aged surcharge of the next 30 days at the SKU's velocity; null without stock", z.nullable(z.number())),
    aged_units: count("Units past the aged threshold now"),
    oldest_bucket: nullableText("The age bucket of the oldest units in stock", LIMITS.nameChars),
    stranded_units: count("Available units that will not sell within 180 days"),
  }),
);

const alertFields = {
  id: text("The alert: <kind> for the sync's alerts, <kind>:<sku> for a SKU's", LIMITS.nameChars + LIMITS.skuChars),
  kind,
  sku: nullableText("The SKU; null for the sync's alerts", LIMITS.skuChars),
  severity,
  message: text("What holds, in words, in the language Accept-Language asks for (pt-BR by default, en on request)"),
  message_detail: described("The message as data: its code, params and text; null for an alert recorded before alerts carried codes", z.nullable(Message)),
  figures: described("The SKU's figures; null for the sync's alerts", z.nullable(SkuFigures)),
};

const OpenAlert = named(
  "OpenAlert",
  "An alert that holds now",
  z.object({
    ...alertFields,
    first_seen: instant("When it opened"),
    last_changed: instant("When its severity or level last changed"),
    seller_id: described("Only with seller_id=all: the connected account (user_id) the alert is of", z.optional(id("The seller's marketplace id"))),
  }),
);

const AlertEvent = named(
  "AlertEvent",
  "A change of an alert: opened, worsened (higher severity or age bucket) or cleared. Nothing is recorded while an alert is unchanged.",
  z.object({
    ...alertFields,
    event_id: text("Sortable by time: <at>#<alert id>", LIMITS.dateTimeChars + LIMITS.nameChars + LIMITS.skuChars),
    at: instant("When the derivation (after a sync or an import) saw the change"),
    change: described("opened, worsened or cleared", z.enum(Alerts.ALERT_CHANGES)),
  }),
);

const Subscription = named(
  "AlertSubscription",
  "Who hears about which alerts, how and when; never its secret",
  z.object({
    id: id("The subscription id"),
    channel: described("webhook or email", z.enum(["webhook", "email"])),
    target: text("The webhook URL (query and long path tokens masked) or the e-mail address", MAX_TARGET_LENGTH),
    kinds: described("The kinds it receives", list(kind, Alerts.ALERT_KINDS.length)),
    min_severity: severity,
    delivery: described("immediate: after each sync, import or Full stock operation that changed an alert it wants; digest: once a day at digest_hour", z.enum(["immediate", "digest"])),
    digest_hour: described("Hour of the day (business time zone) of the digest; null for immediate", z.nullable(z.int().check(z.minimum(0), z.maximum(23)))),
    format: described("json (the digest) or slack (Slack's incoming-webhook payload)", z.enum(["json", "slack"])),
    language: described("The language of every text it receives: pt-BR or en", z.enum(Messages.LOCALES)),
    status: described(`failing once a delivery gave up after ${DELIVERY_ATTEMPTS} attempts (it went to the dead-letter queue); active again after a delivery succeeds`, z.enum(["active", "failing"])),
    last_failure: nullableText("Why the last delivery gave up; null while deliveries succeed"),
    last_digest_at: described("Up to when the last digest reported; null before the first", z.nullable(z.iso.datetime({ offset: true }).check(z.maxLength(LIMITS.dateTimeChars)))),
    created_at: instant("When it was created"),
  }),
);

const Delivery = named(
  "AlertDeliveryAttempt",
  "One attempt at delivering a message: what, to whom, when and the result; no secret",
  z.object({
    delivery_id: text("The Idempotency-Key the receiver got: the same on every attempt of one message (<type>_<subscription>_<time>)", LIMITS.idChars * 2),
    subscription_id: id("The subscription"),
    channel: text("webhook or email", LIMITS.nameChars),
    target: text("Where it went, masked as on the subscription", MAX_TARGET_LENGTH),
    type: described("alerts (immediate), digest or test", z.enum(["alerts", "digest", "test"])),
    events: count("Alert changes in the message"),
    attempt: described(`1 to ${DELIVERY_ATTEMPTS}`, whole(1, DELIVERY_ATTEMPTS)),
    result: described("delivered; retrying (another attempt follows, with backoff and jitter); dead_letter (the last attempt failed); dropped (the subscription was deleted)", z.enum(["delivered", "retrying", "dead_letter", "dropped"])),
    status_code: described("The receiver's HTTP status, when it answered", z.nullable(whole(100, 599))),
    error: nullableText("Why the attempt failed"),
    at: instant("When the attempt ended"),
  }),
);

// ---------------------------------------------------------------------------
// Requests

const filters = {
  kind: described(
    "Only alerts of this kind; empty for every kind",
    z.optional(z.union([kind, z.literal("")], { error: (issue) => issueText(explain("one_of_got", { name: "kind", values: KINDS_TEXT, got: String(issue.input).slice(0, 40) })) })),
  ),
  sku: described("Only alerts of this SKU", z.optional(z.string().check(z.maxLength(MAX_SKU_FILTER, { error: issueText(explain("at_most_characters", { name: "sku", max: MAX_SKU_FILTER })) })))),
};
const limit = wholeNumberQuery("limit", { min: 1, max: MAX_EVENTS_LIMIT, fallback: DEFAULT_EVENTS_LIMIT }, "How many, newest first");

/** The kind and SKU filters as the handlers apply them: an empty value filters nothing. */
export const alertFilters = (query: { kind?: Alerts.AlertKind | ""; sku?: string }): { kind?: Alerts.AlertKind; sku?: string } => ({
  ...(query.kind ? { kind: query.kind } : {}),
  ...(query.sku ? { sku: query.sku } : {}),
});

const SubscriptionPath = z.object({
  id: described(
    "The subscription id",
    z.string().check(z.maxLength(LIMITS.idChars, { error: issueText(explain("path_id_unknown", { what: "subscription" })) }), z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: issueText(explain("path_id_unknown", { what: "subscription" })) })),
  ),
});

const oneOf = <T extends string>(values: readonly T[], name: string) => z.enum(values as unknown as [T, ...T[]], { error: issueText(explain("one_of", { name, values: values.join(", ") })) });
const HOUR = issueText(explain("digest_hour_range"));

export const SubscriptionBody = named(
  "AlertSubscriptionBody",
  "The subscription",
  z.strictObject({
    channel: oneOf(CHANNELS, "channel"),
    target: z.string({ error: issueText(explain("target_not_text")) }).check(z.maxLength(MAX_TARGET_LENGTH, { error: issueText(explain("target_too_long", { max: MAX_TARGET_LENGTH })) })),
    kinds: z.optional(z.array(oneOf(Alerts.ALERT_KINDS, "each of kinds")).check(z.maxLength(Alerts.ALERT_KINDS.length), z.minLength(1, { error: issueText(explain("kinds_empty", { kinds: KINDS_TEXT })) }))),
    min_severity: z.optional(oneOf(Alerts.SEVERITIES, "min_severity")),
    delivery: z.optional(oneOf(DELIVERY_MODES, "delivery")),
    digest_hour: z.optional(z.nullable(z.int({ error: HOUR }).check(z.minimum(0, { error: HOUR }), z.maximum(23, { error: HOUR })))),
    format: z.optional(oneOf(PAYLOAD_FORMATS, "format")),
    language: z.optional(oneOf(Messages.LOCALES, "language")),
  }),
);
export type SubscriptionInput = z.infer<typeof SubscriptionBody>;

function subscriptionRefusal(issue: z.core.$ZodIssue): Error {
  if (issue.path[0] !== "body") return new InvalidInputError(issue.message);
  if (issue.code === "unrecognized_keys") return new InvalidInputError(unknownFields(issue.keys));
  if (issue.path.length === 1) return new InvalidInputError(explain("subscription_body_shape"));
  // A refusal that names its field stands alone; zod's own sentence gets the field's path before it.
  const problem = explanationOf(issue.message);
  return new InvalidInputError(problem.code === "as_written" ? explain("field_problem", { path: issue.path.slice(1).map(String).join("."), problem }) : problem);
}

// The core's alerts (their level is internal) and the stored subscriptions and delivery attempts, checked against their schemas both ways.
export type AlertAnswers = Checked<
  [
    Agrees<typeof OpenAlert, Omit<Alerts.OpenAlert, "level">>,
    Agrees<typeof AlertEvent, Omit<Alerts.AlertEvent, "level">>,
    Agrees<typeof Subscription, SubscriptionRecord>,
    Agrees<typeof Delivery, DeliveryAttempt>,
  ]
>;

// ---------------------------------------------------------------------------
// Endpoints

/** A list answer: how many, then the list under its name. */
const counted = <Name extends string, Item extends z.ZodMiniType>(id: string, description: string, name: Name, item: Item, max: number) =>
  named(id, description, succeeded({ count: count("How many", max), ...({ [name]: list(item, max) } as Record<Name, z.ZodMiniArray<Item>>) }));

export const listAlerts = endpoint(
  "listAlerts",
  { query: z.object(filters) },
  {
    tag: "Alerts",
    summary: "Open alerts",
    description:
      "The alerts that hold now, derived after each sync and each import: aged stock, aged surcharge within 7 days, coverage below 14 days, stockout before the lead time, stranded stock, a failed sync, no successful sync in 26 hours. The most recently changed first.",
    responses: {
      ...revalidated(counted("AlertsResponse", "The open alerts", "alerts", OpenAlert, LIMITS.catalogueItems), "The open alerts"),
      400: failure("kind is not an alert kind, or sku is over 200 characters"),
      ...common(),
    },
  },
);

export const listAlertEvents = endpoint(
  "listAlertEvents",
  { query: z.object({ ...filters, limit }) },
  {
    tag: "Alerts",
    summary: "Alert event log",
    description: "What opened, got worse or cleared, newest first (kept 400 days).",
    responses: {
      200: ok(counted("AlertEventsResponse", "Alert events, newest first", "events", AlertEvent, MAX_EVENTS_LIMIT), "The events"),
      400: failure("kind is not an alert kind, or limit is out of range"),
      ...common(),
    },
  },
);

export const listAlertSubscriptions = endpoint(
  "listAlertSubscriptions",
  {},
  {
    tag: "Alerts",
    summary: "Alert subscriptions",
    description: "Every subscription, oldest first, with its status. Secrets are never shown.",
    responses: { 200: ok(named("AlertSubscriptionsResponse", "The subscriptions", succeeded({ subscriptions: list(Subscription, LIMITS.shortList * 10) })), "The subscriptions"), ...common() },
  },
);

export const createAlertSubscription = endpoint(
  "createAlertSubscription",
  { body: SubscriptionBody },
  {
    refusal: subscriptionRefusal,
    tag: "Alerts",
    summary: "Subscribe to alerts",
    description:
      "A webhook (https; locally also http://127.0.0.1) or an e-mail address (through the stack's SNS topic; locally printed). Webhooks are JSON POSTs signed `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\">` with the secret answered here once (Stripe's scheme), with an Idempotency-Key per delivery, retried with backoff and jitter.",
    body: { description: "channel and target; kinds default to all, min_severity to info, delivery to immediate, digest_hour to 8, format to json, language to pt-BR (the language of the messages' texts: pt-BR or en)", required: true },
    responses: {
      201: ok(
        named(
          "AlertSubscriptionCreated",
          "The subscription; a webhook's signing secret, shown this once",
          succeeded({ subscription: Subscription, secret: described("The webhook's signing secret (webhooks only; never shown again)", z.optional(bounded(LIMITS.idChars))) }),
        ),
        "Created",
      ),
      400: failure("The body is not such an object, a value is out of range, or the target is not an https URL (locally: or http://127.0.0.1) or an e-mail address; nothing is stored"),
      ...common(),
    },
  },
);

export const deleteAlertSubscription = endpoint(
  "deleteAlertSubscription",
  { path: SubscriptionPath },
  {
    tag: "Alerts",
    summary: "Unsubscribe",
    description: "Nothing more is delivered to the subscription.",
    responses: { 200: ok(succeeded({}), "Deleted"), 400: failure("Not a subscription id"), 404: failure("No such subscription"), ...common() },
  },
);

export const testAlertSubscription = endpoint(
  "testAlertSubscription",
  { path: SubscriptionPath },
  {
    tag: "Alerts",
    summary: "Send a test message",
    description: "Queues a message of type test to the subscription now, with the open alerts it wants; its attempts show in GET /alerts/deliveries.",
    responses: {
      202: ok(named("AlertTestQueued", "The test message was queued", succeeded({ delivery_id: text("Its Idempotency-Key", LIMITS.idChars * 2) })), "Queued"),
      400: failure("Not a subscription id"),
      404: failure("No such subscription"),
      ...common(),
    },
  },
);

export const listAlertDeliveries = endpoint(
  "listAlertDeliveries",
  { query: z.object({ subscription_id: described("Only this subscription's", z.optional(bounded(LIMITS.idChars))), limit }) },
  {
    tag: "Alerts",
    summary: "Delivery log",
    description: "Every delivery attempt, newest first (kept 90 days): what was sent, to whom, when and the result. No secret appears here.",
    responses: {
      200: ok(counted("AlertDeliveriesResponse", "Delivery attempts, newest first", "deliveries", Delivery, MAX_EVENTS_LIMIT), "The attempts"),
      400: failure("limit is out of range"),
      ...common(),
    },
  },
);
