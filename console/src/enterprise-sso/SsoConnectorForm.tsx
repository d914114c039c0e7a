import { useState, type FormEvent } from 'react';
import { Alert } from '@shared/ui/Alert';
import { Field, TextArea } from '@shared/ui/Field';
import { SecretField } from '../ui/SecretField';
import { MASK } from '../connectors/config-values';
import { SyncProfileSwitch } from '../connectors/SyncProfileSwitch';

export interface SsoDraft {
  connectorName: string;
  config: Record<string, unknown>;
  domains: string[];
  syncProfile: boolean;
}

interface Stored {
  connectorName: string;
  config: Record<string, unknown>;
  domains: string[];
  syncProfile: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Name, the provider's issuer and client, the e-mail domains it answers for, profile sync. */
export function SsoConnectorForm({
  initial,
  submitLabel,
  onSubmit,
  error,
  pending,
}: {
  initial?: Stored;
  submitLabel: string;
  onSubmit: (draft: SsoDraft) => void;
  error: unknown;
  pending: boolean;
}) {
  const stored = initial?.config ?? {};
  const [name, setName] = useState(initial?.connectorName ?? '');
  const [issuer, setIssuer] = useState(text(stored.issuer));
  const [clientId, setClientId] = useState(text(stored.clientId));
  const [clientSecret, setClientSecret] = useState('');
  const [scope, setScope] = useState(text(stored.scope));
  const [domains, setDomains] = useState((initial?.domains ?? []).join('\n'));
  const [syncProfile, setSyncProfile] = useState(initial?.syncProfile ?? false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { issuer: _i, clientId: _c, clientSecret: _s, scope: _sc, ...rest } = stored;
    const entered = {
      issuer: issuer.trim(),
      clientId: clientId.trim(),
      clientSecret: clientSecret,
      scope: scope.trim(),
    };
    const config: Record<string, unknown> = { ...rest };
    for (const [key, value] of Object.entries(entered)) if (value) config[key] = value;
    onSubmit({
      connectorName: name.trim(),
      config,
      domains: domains
        .split(/[\s,]+/)
        .map((domain) => domain.trim())
        .filter(Boolean),
      syncProfile,
    });
  };
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <div className="columns">
        <Field label="Connector name" value={name} onChange={(e) => setName(e.target.value)} required />
        <Field
          label="Issuer"
          type="url"
          placeholder="https://idp.example.com"
          value={issuer}
          onChange={(e) => setIssuer(e.target.value)}
          hint="The provider's OpenID Connect issuer; its discovery document is read from there."
        />
        <Field label="Client ID" value={clientId} onChange={(e) => setClientId(e.target.value)} />
        <SecretField
          label="Client secret"
          isSet={stored.clientSecret === MASK}
          value={clientSecret}
          onChange={setClientSecret}
        />
        <Field
          label="Scope"
          placeholder="openid profile email"
          value={scope}
          onChange={(e) => setScope(e.target.value)}
        />
        <TextArea
          label="E-mail domains"
          rows={3}
          placeholder="example.com"
          value={domains}
          onChange={(e) => setDomains(e.target.value)}
          hint="One per line: people entering an e-mail of these domains are sent to this provider."
        />
      </div>
      <SyncProfileSwitch checked={syncProfile} onChange={setSyncProfile} />
      <Alert error={error} />
      <button type="submit" className="primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
