import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { useApi } from '../ui/api';
import type { Factory } from './queries';

const testRecipient = z.object({ recipient: z.string() });

/**
 * Sends a test code (000000) with the form's config as it stands, saved or not; a secret not
 * typed again is the saved one (the service fills it in).
 */
export function TestMessage({
  factory,
  config,
}: {
  factory: Factory;
  config: () => Record<string, unknown>;
}) {
  const api = useApi();
  const email = factory.type === 'Email';
  const form = useZodForm(testRecipient, { recipient: '' });
  const recipient = form.watch('recipient');
  const send = useMutation({
    mutationFn: ({ recipient }: z.output<typeof testRecipient>) => {
      const body = email ? { email: recipient, config: config() } : { phone: recipient, config: config() };
      return unwrap(
        api.POST('/api/connectors/{factoryId}/test', { params: { path: { factoryId: factory.id } }, body }),
      );
    },
  });
  return (
    <fieldset>
      <legend>Send a test message</legend>
      <div className="row">
        <Field
          label={email ? 'Test e-mail address' : 'Test phone number'}
          type={email ? 'email' : 'tel'}
          {...form.register('recipient')}
        />
        <button
          type="button"
          onClick={form.handleSubmit((values) => send.mutate(values))}
          disabled={!recipient.trim() || send.isPending}
        >
          Send test message
        </button>
      </div>
      {send.isSuccess ? <p role="status">The test message was handed over with the code 000000.</p> : null}
      <Alert error={send.error} />
    </fieldset>
  );
}
