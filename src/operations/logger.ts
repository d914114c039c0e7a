import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

// Never logged, whatever a log call passes: credentials travel in these headers.
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/** A request as logged: its method and path, never its query string (it may carry tokens). */
function serializeRequest(request: { method?: string; url?: string; id?: unknown }) {
  return { id: request.id, method: request.method, path: request.url?.split('?', 1)[0] };
}

/**
 * The service's logger: JSON lines for collectors, or human lines when stdout is a terminal and
 * the optional `pino-pretty` (a development dependency) is installed.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: NodeJS.WritableStream): Logger {
  const options = { level: config.logLevel, redact, serializers: { req: serializeRequest } };
  if (destination) return pino(options, destination);
  if (process.stdout.isTTY && prettyAvailable()) {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } },
    });
  }
  return pino(options);
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
