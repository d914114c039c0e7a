import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '@shared/api/client';
import { useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Select } from '@shared/ui/Field';
import { hookEvents } from '../../../src/webhooks/event-names';
import type { HookEventName } from './EventPicker';

interface Hook {
  id: string;
  events: string[];
  config: { url: string; headers?: Record<string, string> };
}

/** Sends a sample payload of one event to the hook's endpoint, signed with its key. */
export function TestEvent({ hook }: { hook: Hook }) {
  const api = useApi();
  const [event, setEvent] = useState<HookEventName>(
    (hook.events[0] as HookEventName | undefined) ?? 'User.Created',
  );
  const send = useMutation({
    mutationFn: () =>
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
        <Select
          label="Test event"
          value={event}
          onChange={(e) => setEvent(e.target.value as HookEventName)}
          options={hookEvents}
        />
        <button type="button" onClick={() => send.mutate()} disabled={send.isPending}>
          Send test event
        </button>
      </div>
      {send.isSuccess ? <p role="status">The test event was delivered to the endpoint.</p> : null}
      <Alert error={send.error} />
    </section>
  );
}
