import { isSpanContextValid, trace, TraceFlags, type SpanContext } from '@opentelemetry/api';

const format = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The active span as a W3C `traceparent`, to be kept with work done later; null when none. */
export function currentTraceParent(): string | null {
  const span = trace.getActiveSpan();
  if (!span) return null;
  const { traceId, spanId, traceFlags } = span.spanContext();
  if (!isSpanContextValid(span.spanContext())) return null;
  return `00-${traceId}-${spanId}-${(traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0')}`;
}

/** The span a stored `traceparent` names (for a link), or undefined when there is none or it is malformed. */
export function spanContextOf(traceParent: string | null | undefined): SpanContext | undefined {
  const match = format.exec(traceParent ?? '');
  if (!match) return undefined;
  const context = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: parseInt(match[3]!, 16),
    isRemote: true,
  };
  return isSpanContextValid(context) ? context : undefined;
}
