/**
 * Imported first by the bench's entry points: the service's logger reads its level when its module
 * loads, and the bench's stdout is one `name value unit` line per figure. Log lines the bench
 * provokes on purpose (a sync's summary, the refused plain list) stay out of it; errors still show.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= "ERROR";
