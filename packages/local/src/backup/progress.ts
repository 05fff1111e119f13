/** A progress line on stderr at most once a second (or `everyMs`), so a long backup or restore shows it is moving. */
export function progressLine<A extends unknown[]>(label: (...args: A) => string, everyMs = 1_000): (...args: A) => void {
  let last = 0;
  return (...args) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    process.stderr.write(`… ${label(...args)}\n`);
  };
}
