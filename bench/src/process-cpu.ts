import { existsSync, readdirSync, readFileSync } from 'node:fs';

// CPU time read from /proc (Linux only): what a process, or every process of the local
// PostgreSQL server, has used so far, and how busy the whole machine was.

/** Milliseconds of CPU (user + system) process `pid` has used so far; 0 when it is gone. */
export function cpuMsOfPid(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Every process named `name` now, with the CPU it has used so far (ms), by pid. */
function cpuMsByPid(name: string): Map<number, number> {
  const found = new Map<number, number>();
  if (!existsSync('/proc')) return found;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm === name) found.set(Number(entry), cpuMsOfPid(Number(entry)));
  }
  return found;
}

/** The machine's CPU time so far, busy and in all, in clock ticks (/proc/stat's first line). */
function machineTicks(): { busy: number; all: number } {
  if (!existsSync('/proc/stat')) return { busy: 0, all: 0 };
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, all: busy + idle! + iowait! };
}

/**
 * From now until `stop()`: the CPU the local PostgreSQL server's processes used (ms; a backend
 * started in between counts from its start, one ended in between is missed), and the share of the
 * machine's CPU that was busy. Null for PostgreSQL when no process of it runs here.
 */
export function watchCpu(): { stop(): { postgresMs: number | null; machineBusy: number } } {
  const postgresBefore = cpuMsByPid('postgres');
  const machineBefore = machineTicks();
  return {
    stop() {
      const postgresAfter = cpuMsByPid('postgres');
      const machineAfter = machineTicks();
      let postgresMs = 0;
      for (const [pid, ms] of postgresAfter) postgresMs += ms - (postgresBefore.get(pid) ?? 0);
      const all = machineAfter.all - machineBefore.all;
      return {
        postgresMs: postgresAfter.size > 0 ? postgresMs : null,
        machineBusy: all > 0 ? (machineAfter.busy - machineBefore.busy) / all : 0,
      };
    },
  };
}
