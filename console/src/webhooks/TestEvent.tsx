import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { useApi } from '../ui/api';
import { hookEvents } from '../../../src/webhooks/event-names';
import type { HookEventName } from './EventPicker';

interface Hook {
  id: string;
  events: string[];
  config: { url: string; headers?: Record<string, string> };
}

const testEvent = z.object({ event: z.custom<HookEventName>() });

/** Sends a sample payload of one event to the hook's endpoint, signed with its key. */
export function TestEvent({ hook }: { hook: Hook }) {
  const api = useApi();
  const form = useZodForm(testEvent, {
    event: (hook.events[0] as HookEventName | undefined) ?? 'User.Created',
  });
  const send = useMutation({
    mutationFn: ({ event }: z.output<typeof testEvent>) =>
      unwrap(
        api.POST('/api/hooks/{id}/test', {
          params: { path: { id: hook.id } },
          body: { events: [event], config: hook.config },
        }),
      ),
  });
  return (
    <section className="panel" aria-labelledby="test-event">
      <h2 id="test-event">Send a test event</h2>
      <div className="row">
        <Select label="Test event" options={hookEvents} {...form.register('event')} />
        <button
          type="button"
          onClick={form.handleSubmit((values) => send.mutate(values))}
          disabled={send.isPending}
        >
          Send test event
        </button>
      </div>
      {send.isSuccess ? <p role="status">The test event was delivered to the endpoint.</p> : null}
      <Alert error={send.error} />
    </section>
  );
}
