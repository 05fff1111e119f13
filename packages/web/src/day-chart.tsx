/** The console's charts: figures by day, drawn with uPlot, the days along x in the configured format. */
import { useEffect, useRef, useState } from "preact/hooks";
import type uPlot from "uplot";
import { ErrorNote } from "./components.js";
import { formatDay, type DisplayPrefs } from "./format.js";

const MIN_WIDTH = 320;

/** What a chart draws of its points. */
export interface DayPlot {
  /** Each point's day (YYYY-MM-DD), in order along x. */
  days: readonly string[];
  /** The steps, in days, between the labelled days. */
  dayIncrements: number[];
  /** The y axis: how a tick reads and the room it takes. */
  axis: { format: (value: number) => string; size: number };
  /** The series drawn over the days, each with its values in day order. */
  lines: { series: uPlot.Series; values: number[] }[];
}

/** Draws the plot into `element`; the returned function removes it. */
function draw(UPlot: typeof uPlot, element: HTMLDivElement, height: number, plot: DayPlot, prefs: DisplayPrefs): () => void {
  // x is the day's position in the series, labelled with its date in the configured format.
  const dayText = (index: number | null) =>
    index !== null && Number.isInteger(index) && plot.days[index] ? formatDay(plot.days[index], prefs) : "";
  const options: uPlot.Options = {
    width: Math.max(MIN_WIDTH, element.clientWidth),
    height,
    scales: { x: { time: false } },
    axes: [
      { values: (_u, ticks) => ticks.map(dayText), space: 90, incrs: plot.dayIncrements },
      { values: (_u, ticks) => ticks.map((tick) => plot.axis.format(tick)), size: plot.axis.size },
    ],
    series: [{ label: "Dia", value: (_u, index) => dayText(index) || "—" }, ...plot.lines.map((line) => line.series)],
  };
  const chart = new UPlot(options, [plot.days.map((_day, index) => index), ...plot.lines.map((line) => line.values)], element);
  element.dataset.drawn = "true";
  element.dataset.points = String(plot.days.length);
  const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(MIN_WIDTH, element.clientWidth), height }));
  resize.observe(element);
  return () => {
    resize.disconnect();
    chart.destroy();
    delete element.dataset.drawn;
  };
}

/**
 * A chart of `points` by day, as wide as its place. `plot` says what to draw of them; being a
 * module-level function, the chart is drawn again only when the points or the preferences change.
 */
export function DayChart<Point>({ name, label, height, points, prefs, plot }: {
  /** Its data-chart name. */
  name: string;
  /** What it shows, for those who cannot see it; without it the chart is no image of its own. */
  label?: string;
  height: number;
  points: readonly Point[];
  prefs: DisplayPrefs;
  plot: (points: readonly Point[], prefs: DisplayPrefs) => DayPlot;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The charting library is loaded with the first chart, keeping it out of the start-up script.
    import("uplot").then(
      ({ default: UPlot }) => {
        if (!cancelled) stop = draw(UPlot, element, height, plot(points, prefs), prefs);
      },
      (error: Error) => setFailure(`Não foi possível carregar o gráfico: ${error.message}`),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [points, prefs, plot, height]);
  return (
    <>
      <ErrorNote message={failure} />
      <div class="chart" ref={holder} data-chart={name} role={label ? "img" : undefined} aria-label={label} />
    </>
  );
}
