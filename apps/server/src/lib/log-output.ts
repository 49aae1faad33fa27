import type { Writable } from 'node:stream';
import pinoPretty from 'pino-pretty';

/** `LOG_FORMAT`: `auto` (the default) chooses by where the output goes. */
export type LogFormatSetting = 'auto' | 'pretty' | 'json';

/**
 * How the log is written. A person at a terminal reads one line per event with its time and level
 * (pino-pretty); anything else (a file, a pipe, journald, a container's log collector) gets JSON,
 * one object a line, which is what such tools parse. `LOG_FORMAT` overrides the guess, for a
 * terminal that feeds a collector (`docker run -t`) or a pipe a person reads (`| less`).
 */
export function chooseLogFormat(
  setting: LogFormatSetting,
  output: { isTTY?: boolean },
): 'pretty' | 'json' {
  if (setting !== 'auto') return setting;
  return output.isTTY === true ? 'pretty' : 'json';
}

/**
 * The stream the logger writes to in `format`, or undefined for pino's own JSON to stdout. The
 * pretty printer runs after pino has applied the app's redaction and serializers (ADR 023): it
 * only lays out what the JSON line would have said, so it shows no more than the JSON does.
 */
export function logStream(
  format: 'pretty' | 'json',
  destination: Writable & { isTTY?: boolean } = process.stdout,
): Writable | undefined {
  if (format === 'json') return undefined;
  return pinoPretty({
    destination,
    // Synchronous, like pino's default: the last lines before process.exit() are not lost.
    sync: true,
    // Colours only where they can show; NO_COLOR and FORCE_COLOR are read by pino-pretty.
    colorize: destination.isTTY === true && !process.env.NO_COLOR,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}
