import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

/** What the operating system says about a process: its parent and its command line. */
export interface ProcessInfo {
  pid: number;
  parentPid: number;
  commandLine: string;
}

/** Linux: /proc; elsewhere `ps`. A process that has exited (a zombie included) gives undefined. */
export function processInfo(pid: number): ProcessInfo | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    if (existsSync("/proc/self/stat")) {
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const [state, parentPid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // A zombie has exited. But a multi-threaded process (Java) whose first thread ended while the
      // others still run, shutting down, shows "Z" too: it is gone only when no thread is left.
      if ((state === "Z" || state === "X") && readdirSync(`/proc/${pid}/task`).length <= 1) return undefined;
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
      return { pid, parentPid: Number(parentPid), commandLine };
    }
    const line = execFileSync("ps", ["-o", "ppid=,stat=,args=", "-p", String(pid)], { encoding: "utf8" }).trim();
    const match = /^(\d+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!match || match[2]!.startsWith("Z")) return undefined;
    return { pid, parentPid: Number(match[1]), commandLine: match[3]! };
  } catch {
    return undefined;
  }
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds, checking every `everyMs`; false when `timeoutMs` passes first. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() >= deadline) return false;
    await delay(everyMs);
  }
}

/** SIGTERM, then SIGKILL when the process is still there after `graceMs`; resolves once it is gone. */
export async function stopProcess(pid: number, graceMs = 3_000): Promise<void> {
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  if (await waitUntil(() => processInfo(pid) === undefined, graceMs)) return;
  signal("SIGKILL");
  await waitUntil(() => processInfo(pid) === undefined, graceMs);
}
