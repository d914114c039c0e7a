import { SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
} from '@opentelemetry/semantic-conventions';
import type { LogEvent } from 'kysely';

export type StatementLog = (event: LogEvent) => void;

/**
 * Kysely's `log`, called once a statement has finished: a span for it, dated back by its duration,
 * beneath the span active where it ran (a request, a delivery attempt). Statements run outside any
 * span (the workers' polls, migrations) are not traced. The text only: parameters never leave here.
 */
export function statementSpans(tracer: Tracer): StatementLog {
  return (event) => {
    if (!trace.getActiveSpan()) return;
    // A prepared statement's `sql` is node-postgres' `{ name, text }` (prepared-statement.ts).
    const raw = event.query.sql as string | { name: string; text: string };
    const text = typeof raw === 'string' ? raw : raw.text;
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
    const end = Date.now();
    const span = tracer.startSpan(typeof raw === 'string' ? operation : `${operation} ${raw.name}`, {
      kind: SpanKind.CLIENT,
      startTime: end - event.queryDurationMillis,
      attributes: {
        [ATTR_DB_SYSTEM_NAME]: 'postgresql',
        [ATTR_DB_OPERATION_NAME]: operation,
        [ATTR_DB_QUERY_TEXT]: text,
      },
    });
    if (event.level === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
    span.end(end);
  };
}
