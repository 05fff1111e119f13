/** Which rows of a long list of fixed-height rows to put in the page for the current scroll. */

export interface WindowRange {
  start: number;
  /** Exclusive. */
  end: number;
  /** Space above and below the rendered rows, in pixels. */
  padTop: number;
  padBottom: number;
}

export function visibleRange(options: {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  /** Extra rows above and below, so a fast scroll shows no gap. */
  overscan?: number;
}): WindowRange {
  const { count, rowHeight, viewportHeight } = options;
  const overscan = options.overscan ?? 10;
  const scrollTop = Math.max(0, options.scrollTop);
  const first = Math.floor(scrollTop / rowHeight);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.min(count, first + Math.ceil(viewportHeight / rowHeight) + overscan);
  return { start, end: Math.max(start, end), padTop: start * rowHeight, padBottom: Math.max(0, count - Math.max(start, end)) * rowHeight };
}
