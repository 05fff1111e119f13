/** What the figures were measured on: the machine, how busy it was, and the engine's memory. */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { QUICK } from "./stages.js";

export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? "unknown";
  return `# machine: ${cpu}, ${cpus().length} cores, Node ${process.version}, ${QUICK ? "BENCH_QUICK=1 (reduced sizes)" : "full run"}`;
}

/** Other work on the machine slows every figure; the load average says how busy it was. */
export const loadLine = (when: string): string => `# load average ${when}: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`;

/** Peak resident memory of a process, from Linux's /proc (undefined elsewhere). */
export function engineResidentMb(pid: number): { peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const peak = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return peak ? { peakMb: Number(peak) / 1024 } : undefined;
  } catch {
    return undefined;
  }
}
