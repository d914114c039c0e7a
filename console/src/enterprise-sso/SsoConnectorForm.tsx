import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@shared/ui/Alert';
import { Field, TextArea } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { SecretField } from '../ui/SecretField';
import { MASK } from '../connectors/config-values';
import { SyncProfileSwitch } from '../connectors/SyncProfileSwitch';

export interface SsoDraft {
  connectorName: string;
  config: Record<string, unknown>;
  domains: string[];
  syncProfile: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const ssoForm = z.object({
  connectorName: z.string().trim().min(1, 'Enter a connector name.'),
  issuer: z.string().trim(),
  clientId: z.string().trim(),
  // Not trimmed: a secret is taken as typed.
  clientSecret: z.string(),
  scope: z.string().trim(),
  domains: z.string().transform((list) =>
    list
      .split(/[\s,]+/)
      .map((domain) => domain.trim())
      .filter(Boolean),
  ),
  syncProfile: z.boolean(),
});

/** Name, the provider's issuer and client, the e-mail domains it answers for, profile sync. */
export function SsoConnectorForm({
  initial,
  submitLabel,
  onSubmit,
  error,
  pending,
}: {
  initial?: SsoDraft;
  submitLabel: string;
  onSubmit: (draft: SsoDraft) => void;
  error: unknown;
  pending: boolean;
}) {
  const stored = initial?.config ?? {};
  const form = useZodForm(ssoForm, {
    connectorName: initial?.connectorName ?? '',
    issuer: text(stored.issuer),
    clientId: text(stored.clientId),
    clientSecret: '',
    scope: text(stored.scope),
    domains: (initial?.domains ?? []).join('\n'),
    syncProfile: initial?.syncProfile ?? false,
  });
  const submit = form.handleSubmit(({ connectorName, domains, syncProfile, ...entered }) => {
    // An empty entry leaves the stored value out, so the service keeps it (the secret above all).
    const { issuer: _i, clientId: _c, clientSecret: _s, scope: _sc, ...rest } = stored;
    const config: Record<string, unknown> = { ...rest };
    for (const [key, value] of Object.entries(entered)) if (value) config[key] = value;
    onSubmit({ connectorName, config, domains, syncProfile });
  });
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <div className="columns">
        <Field
          label="Connector name"
          required
          error={form.formState.errors.connectorName?.message}
          {...form.register('connectorName')}
        />
        <Field
          label="Issuer"
          type="url"
          placeholder="https://idp.example.com"
          hint="The provider's OpenID Connect issuer; its discovery document is read from there."
          {...form.register('issuer')}
        />
        <Field label="Client ID" {...form.register('clientId')} />
        <Controller
          control={form.control}
          name="clientSecret"
          render={({ field }) => (
            <SecretField
              label="Client secret"
              isSet={stored.clientSecret === MASK}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Field label="Scope" placeholder="openid profile email" {...form.register('scope')} />
        <TextArea
          label="E-mail domains"
          rows={3}
          placeholder="example.com"
          hint="One per line: people entering an e-mail of these domains are sent to this provider."
          {...form.register('domains')}
        />
      </div>
      <Controller
        control={form.control}
        name="syncProfile"
        render={({ field }) => <SyncProfileSwitch checked={field.value} onChange={field.onChange} />}
      />
      <Alert error={error} />
      <button type="submit" className="primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
