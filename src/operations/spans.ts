import { SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';

/**
 * Runs `step` in a span of its own, active while it runs (so its statements fall beneath it), and
 * ends it when the step returns or settles. A failure marks the span with the error's class or
 * OAuth code only: messages may carry input.
 */
export function inSpan<T>(tracer: Tracer, name: string, step: () => T): T {
  return tracer.startActiveSpan(name, (span) => {
    try {
      const result = step();
      if (result instanceof Promise) {
        return result.then(
          (value: unknown) => {
            span.end();
            return value;
          },
          (error: unknown) => {
            failed(span, error);
            throw error;
          },
        ) as T;
      }
      span.end();
      return result;
    } catch (error) {
      failed(span, error);
      throw error;
    }
  });
}

function failed(span: Span, error: unknown): void {
  const code = (error as { error?: unknown } | null)?.error;
  const type = typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
