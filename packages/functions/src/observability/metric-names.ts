/**
 * The service's CloudWatch metrics (Embedded Metric Format through Powertools Metrics): one
 * namespace, no dimensions beyond the service, so the stack's alarms and dashboard (stacks/Alarms.ts)
 * name the same metrics the functions emit.
 */
export const METRICS_NAMESPACE = "Fulfillment";
export const METRICS_SERVICE = "fulfillment";

export const METRIC = {
  /** One per finished run, by outcome. */
  runSucceeded: "SyncRunSucceeded",
  runPartial: "SyncRunPartial",
  runFailed: "SyncRunFailed",
  runDuration: "SyncRunDuration",
  adsPlanned: "SyncAdsPlanned",
  adsRead: "SyncAdsRead",
  adsFailed: "SyncAdsFailed",
  shardsDone: "SyncShardsDone",
  shardsFailed: "SyncShardsFailed",
  marketplaceCalls: "MarketplaceCalls",
  marketplaceThrottled: "MarketplaceThrottled",
  marketplaceRetries: "MarketplaceRetries",
  rowsImported: "ImportRowsImported",
  importsFailed: "ImportsFailed",
  digestsSent: "AlertDigestsSent",
  webhooksSent: "AlertWebhooksSent",
  webhooksFailed: "AlertWebhooksFailed",
  emailsSent: "AlertEmailsSent",
  deliveriesDeadLettered: "AlertDeliveriesDeadLettered",
  alertsOpened: "AlertsOpened",
  alertsCleared: "AlertsCleared",
  /** Marketplace notifications: taken and queued, dropped (another app or seller), and what the consumer did with each. */
  notificationsQueued: "NotificationsQueued",
  notificationsDropped: "NotificationsDropped",
  notificationsApplied: "NotificationsApplied",
  notificationsUnchanged: "NotificationsUnchanged",
  notificationsIgnored: "NotificationsIgnored",
  notificationsRetried: "NotificationsRetried",
  missedNotificationsQueued: "MissedNotificationsQueued",
  /** Inventories a completed sync run found differing from what notifications built (published every run, 0 included). */
  reconciliationDrift: "ReconciliationDrift",
} as const;
