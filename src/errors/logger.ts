/**
 * Where library warnings go. The default writes one line to stderr; applications and tests swap
 * it with {@link setLogger} (for example to collect warnings, or to forward them to pino).
 */
export interface Logger {
  warn(message: string, details?: Readonly<Record<string, unknown>>): void;
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
}

const stderrLogger: Logger = {
  warn: (message, details) => {
    write("warn", message, details);
  },
  error: (message, details) => {
    write("error", message, details);
  },
};

function write(level: string, message: string, details?: Readonly<Record<string, unknown>>): void {
  const suffix = details === undefined ? "" : ` ${safeJson(details)}`;
  process.stderr.write(`[actorscope] ${level}: ${message}${suffix}\n`);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return "(details not serialisable)";
  }
}

let current: Logger = stderrLogger;

/** The logger in use. */
export function getLogger(): Logger {
  return current;
}

/** Replaces the logger; returns a function that restores the previous one. */
export function setLogger(logger: Logger): () => void {
  const previous = current;
  current = logger;
  return () => {
    current = previous;
  };
}
