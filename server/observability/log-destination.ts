import pinoPretty from 'pino-pretty';
import type { Config } from '../config';

/** Where Fastify's logger writes, as its `stream` option: `{}` keeps pino's default. */
export interface LogDestination {
  stream?: { write(line: string): void };
}

/**
 * Whether the log is written as readable lines: LOG_FORMAT=pretty, or `auto` on a terminal.
 * Anywhere else (a file, a pipe, a container's log collector) it stays one JSON object per
 * line, which collectors parse and people filter with jq.
 */
export function prettyLogs(format: Config['logFormat'], stdoutIsTerminal: boolean): boolean {
  return format === 'pretty' || (format === 'auto' && stdoutIsTerminal);
}

/**
 * A stream the caller gives (tests read the JSON lines) wins; otherwise readable lines when
 * prettyLogs says so. pino-pretty runs in this thread and writes synchronously: a terminal is a
 * developer's, where the cost does not matter and a line must not be lost when the process
 * exits right after writing it (a worker-thread transport would need flushing first).
 */
export function logDestination(
  format: Config['logFormat'],
  stream: LogDestination['stream'] | undefined,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
  /** Where readable lines go: standard output (file descriptor 1) unless told. */
  prettyOutput: number | NodeJS.WritableStream = 1,
): LogDestination {
  if (stream) return { stream };
  if (!prettyLogs(format, stdoutIsTerminal)) return {};
  return {
    stream: pinoPretty({
      colorize: stdoutIsTerminal,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      destination: prettyOutput,
    }),
  };
}
