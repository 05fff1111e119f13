/**
 * Loaded with `node --import` (NODE_OPTIONS) into a service a test starts: the process's clock runs
 * from SHIFTED_CLOCK_START (an ISO instant) on, so answers about "today" read as on that day.
 */
const start = Date.parse(process.env.SHIFTED_CLOCK_START ?? "");
if (!Number.isNaN(start)) {
  const offset = start - Date.now();
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
