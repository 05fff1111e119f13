/**
 * Imported before the X-Ray SDK. In its automatic mode the SDK installs an async hook that runs on
 * every promise of the process (about 15 µs of a small request's CPU time here); the Tracer only
 * records where Lambda runs it with tracing on, so everywhere else (npm start, tests, the bench) the
 * SDK starts in manual mode and installs nothing. In Lambda with tracing on nothing changes.
 */
const tracingOff =
  !process.env.AWS_EXECUTION_ENV ||
  Boolean(process.env.AWS_SAM_LOCAL) ||
  process.env.AWS_EXECUTION_ENV === "AWS_Lambda_amplify-mock" ||
  process.env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() === "false";
if (tracingOff) process.env.AWS_XRAY_MANUAL_MODE ??= "1";

export {};
