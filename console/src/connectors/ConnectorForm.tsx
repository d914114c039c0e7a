import { useState, type FormEvent } from 'react';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { ConfigFields } from './ConfigFields';
import { buildConfig, initialValues, secretsSet } from './config-values';
import { nameOf, type Connector, type Factory } from './queries';
import { TemplatesEditor, type Template } from './TemplatesEditor';
import { SyncProfileSwitch } from './SyncProfileSwitch';
import { TestMessage } from './TestMessage';

export interface ConnectorDraft {
  config: Record<string, unknown>;
  metadata?: { target: string; name: { en: string } };
  syncProfile?: boolean;
}

const templatesIn = (config: Record<string, unknown>) =>
  Array.isArray(config.templates) ? (config.templates as Template[]) : [];

function templateConfig(factory: Factory): Record<string, unknown> {
  try {
    return JSON.parse(factory.configTemplate) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The config a factory asks for, its message templates, and a social connector's target and name. */
export function ConnectorForm({
  factory,
  connector,
  submitLabel,
  onSubmit,
  error,
  pending,
}: {
  factory: Factory;
  connector?: Connector;
  submitLabel: string;
  onSubmit: (draft: ConnectorDraft) => void;
  error: unknown;
  pending: boolean;
}) {
  const stored = connector?.config;
  const [values, setValues] = useState(() => initialValues(factory.formItems, stored));
  const [templates, setTemplates] = useState(() => templatesIn(stored ?? templateConfig(factory)));
  const [target, setTarget] = useState(connector?.target ?? factory.id);
  const [displayName, setDisplayName] = useState(connector ? nameOf(connector) : nameOf(factory));
  const [syncProfile, setSyncProfile] = useState(connector?.syncProfile ?? false);
  const [invalid, setInvalid] = useState<unknown>(null);
  const social = factory.type === 'Social';

  const currentConfig = () => {
    const config = buildConfig(factory.formItems, values, stored);
    if (!social) {
      if (templates.length > 0) config.templates = templates;
      else delete config.templates;
    }
    return config;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      const config = currentConfig();
      setInvalid(null);
      onSubmit({
        config,
        ...(social
          ? { metadata: { target: target.trim(), name: { en: displayName.trim() } }, syncProfile }
          : {}),
      });
    } catch (problem) {
      setInvalid(problem);
    }
  };
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      {social ? (
        <div className="row">
          <Field
            label="Display name"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            required
          />
          <Field
            label="Target"
            hint="The key of the user's identities; unique among social connectors."
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            pattern="[\w.\-]+"
            required
          />
        </div>
      ) : null}
      <ConfigFields
        items={factory.formItems}
        values={values}
        onChange={setValues}
        secretsSet={secretsSet(factory.formItems, stored)}
      />
      {social ? (
        <SyncProfileSwitch checked={syncProfile} onChange={setSyncProfile} />
      ) : (
        <>
          <TemplatesEditor
            templates={templates}
            onChange={setTemplates}
            withSubject={factory.type === 'Email'}
          />
          {factory.isDemo ? null : <TestMessage factory={factory} config={currentConfig} />}
        </>
      )}
      <Alert error={invalid ?? error} />
      <button type="submit" className="primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
