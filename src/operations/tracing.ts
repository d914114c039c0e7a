import { context, trace, type Tracer } from '@opentelemetry/api';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Config } from '../config.js';
import { statementSpans, type StatementLog } from './statement-spans.js';

/** The spans of one running service: its tracer, and how to send what is buffered or stop. */
export interface Tracing {
  enabled: boolean;
  tracer: Tracer;
  /** Kysely's `log`: a span per statement run beneath another span; undefined when off. */
  statementLog: StatementLog | undefined;
  /** Exports every span ended so far (tests, and the stop). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Off: the API's no-op tracer, no SDK loaded, no hooks, no statement log. */
export const tracingOff: Tracing = {
  enabled: false,
  tracer: trace.getTracer('tessera'),
  statementLog: undefined,
  flush: async () => {},
  shutdown: async () => {},
};

/**
 * Starts the OpenTelemetry SDK when an OTLP endpoint is configured, exporting spans in batches as
 * OTLP/HTTP JSON to `{endpoint}/v1/traces`. The SDK is loaded only then. The provider is this
 * service's own (not registered globally), so two services in one process keep their spans apart;
 * the context manager is process-wide, as context propagation through `async` code needs one.
 */
export async function startTracing(settings: Config['tracing']): Promise<Tracing> {
  if (!settings.endpoint) return tracingOff;
  const [{ AsyncLocalStorageContextManager }, { BasicTracerProvider, BatchSpanProcessor }, otlp, resources] =
    await Promise.all([
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  // Refused (returns false) when already set by an earlier service of this process: that one serves.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const exporter = new otlp.OTLPTraceExporter({ url: `${settings.endpoint}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resources.resourceFromAttributes({
      [ATTR_SERVICE_NAME]: settings.serviceName,
      [ATTR_SERVICE_VERSION]: '0.1.0',
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('tessera');
  return {
    enabled: true,
    tracer,
    statementLog: statementSpans(tracer),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
