/** Structured JSON logs, one line per event (CloudWatch-friendly). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const log =
    (lvl: LogLevel) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[lvl] < ORDER[level]) return;
      write(JSON.stringify({ level: lvl, time: new Date().toISOString(), event, ...fields }));
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
