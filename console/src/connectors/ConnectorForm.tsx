import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { ConfigFields } from './ConfigFields';
import { buildConfig, initialValues, secretsSet, type Values } from './config-values';
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

const connectorForm = z.object({
  values: z.custom<Values>(),
  templates: z.custom<Template[]>(),
  target: z.string().trim(),
  displayName: z.string().trim(),
  syncProfile: z.boolean(),
});
type ConnectorFields = z.input<typeof connectorForm>;

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
  const form = useZodForm(connectorForm, {
    values: initialValues(factory.formItems, stored),
    templates: templatesIn(stored ?? templateConfig(factory)),
    target: connector?.target ?? factory.id,
    displayName: connector ? nameOf(connector) : nameOf(factory),
    syncProfile: connector?.syncProfile ?? false,
  });
  // A config the factory's items cannot build (a JSON item that does not parse), said in the alert.
  const [invalid, setInvalid] = useState<unknown>(null);
  const social = factory.type === 'Social';

  const configOf = ({ values, templates }: Pick<ConnectorFields, 'values' | 'templates'>) => {
    const config = buildConfig(factory.formItems, values, stored);
    if (!social) {
      if (templates.length > 0) config.templates = templates;
      else delete config.templates;
    }
    return config;
  };
  const submit = form.handleSubmit(({ target, displayName, syncProfile, ...fields }) => {
    try {
      const config = configOf(fields);
      setInvalid(null);
      onSubmit({
        config,
        ...(social ? { metadata: { target, name: { en: displayName } }, syncProfile } : {}),
      });
    } catch (problem) {
      setInvalid(problem);
    }
  });
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      {social ? (
        <div className="row">
          <Field label="Display name" required {...form.register('displayName')} />
          <Field
            label="Target"
            hint="The key of the user's identities; unique among social connectors."
            {...form.register('target')}
            pattern="[\w.\-]+"
            required
          />
        </div>
      ) : null}
      <Controller
        control={form.control}
        name="values"
        render={({ field }) => (
          <ConfigFields
            items={factory.formItems}
            values={field.value}
            onChange={field.onChange}
            secretsSet={secretsSet(factory.formItems, stored)}
          />
        )}
      />
      {social ? (
        <Controller
          control={form.control}
          name="syncProfile"
          render={({ field }) => <SyncProfileSwitch checked={field.value} onChange={field.onChange} />}
        />
      ) : (
        <>
          <Controller
            control={form.control}
            name="templates"
            render={({ field }) => (
              <TemplatesEditor
                templates={field.value}
                onChange={field.onChange}
                withSubject={factory.type === 'Email'}
              />
            )}
          />
          {factory.isDemo ? null : (
            <TestMessage factory={factory} config={() => configOf(form.getValues())} />
          )}
        </>
      )}
      <Alert error={invalid ?? error} />
      <button type="submit" className="primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
