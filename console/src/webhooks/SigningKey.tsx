import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { keys, useApi } from '../ui/api';
import { ConfirmButton } from '../ui/ConfirmButton';
import { CopyButton } from '../ui/CopyButton';

interface Hook {
  id: string;
  signingKey: string;
  standardWebhookSecret: string;
}

/** The key receivers verify signatures with: hidden until revealed, rotated on request. */
export function SigningKey({ hook }: { hook: Hook }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState(false);
  const rotate = useMutation({
    mutationFn: () => unwrap(api.PATCH('/api/hooks/{id}/signing-key', { params: { path: { id: hook.id } } })),
    onSuccess: (updated) => {
      queryClient.setQueryData([...keys.hooks, hook.id], updated);
      setRevealed(true);
    },
  });
  return (
    <section className="panel" aria-labelledby="signing-key">
      <h2 id="signing-key">Signature keys</h2>
      <p className="muted">
        Each delivery is signed with HMAC-SHA256 (<code>service-signature-sha-256</code>) and with the
        Standard Webhooks headers (<code>webhook-signature</code>).
      </p>
      {revealed ? (
        <dl className="facts">
          <dt>Signing key</dt>
          <dd>
            <code aria-label="Signing key">{hook.signingKey}</code>{' '}
            <CopyButton value={hook.signingKey} label="Copy signing key" />
          </dd>
          <dt>Standard Webhooks secret</dt>
          <dd>
            <code aria-label="Standard Webhooks secret">{hook.standardWebhookSecret}</code>{' '}
            <CopyButton value={hook.standardWebhookSecret} label="Copy Standard Webhooks secret" />
          </dd>
        </dl>
      ) : (
        <button type="button" onClick={() => setRevealed(true)}>
          Reveal signing key
        </button>
      )}{' '}
      <ConfirmButton
        label="Rotate signing key"
        question="Rotate the signing key? Receivers must switch to the new key: signatures with the old one stop at once."
        confirmLabel="Rotate"
        onConfirm={() => rotate.mutate()}
      />
      {rotate.isSuccess ? <p role="status">The signing key was rotated.</p> : null}
      <Alert error={rotate.error} />
    </section>
  );
}
