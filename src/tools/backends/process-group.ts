/**
 * Sends `signal` to every process of the group led by `pid` (the program and whatever it
 * started that stayed in its group), so a killed command leaves no orphans behind. On Windows,
 * where groups do not exist, only the process itself is signalled. Returns whether anything
 * received the signal.
 */
export function signalProcessGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(process.platform === "win32" ? pid : -pid, signal);
    return true;
  } catch {
    // ESRCH: the group is gone already. EPERM: not ours to kill; nothing more we can do.
    return false;
  }
}
