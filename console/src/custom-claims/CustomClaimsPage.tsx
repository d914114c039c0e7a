import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { ApiCallError, unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Select, Switch, TextArea } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { useApi } from '../ui/api';
import { sampleContext, sampleScript, sampleToken } from './samples';

type TokenType = 'access-token' | 'client-credentials';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function parseObject(label: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    throw new Error(`${label} is not valid JSON.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${label} must be a JSON object.`);
  return value as Record<string, unknown>;
}

// The JSON texts are parsed when the script runs or is saved, so their errors show with that action.
const customizer = z.object({
  script: z.string(),
  env: z.string(),
  token: z.string(),
  context: z.string(),
  blockOnError: z.boolean(),
});
type Customizer = z.output<typeof customizer>;

/** The getCustomJwtClaims script per token type: edit, run on a sample, save. */
export function CustomClaimsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [tokenType, setTokenType] = useState<TokenType>('access-token');
  const stored = useQuery({
    queryKey: ['jwt-customizer', tokenType],
    queryFn: async () => {
      try {
        return await unwrap(
          api.GET('/api/configs/jwt-customizer/{tokenTypePath}', {
            params: { path: { tokenTypePath: tokenType } },
          }),
        );
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const form = useZodForm(customizer, {
    script: sampleScript,
    env: '{}',
    token: pretty(sampleToken),
    context: pretty(sampleContext),
    blockOnError: false,
  });
  useEffect(() => {
    const value = stored.data;
    if (!value) return;
    const { setValue } = form;
    setValue('script', value.script);
    setValue('env', pretty(value.environmentVariables ?? {}));
    if (value.tokenSample) setValue('token', pretty(value.tokenSample));
    if (value.contextSample) setValue('context', pretty(value.contextSample));
    setValue('blockOnError', value.blockIssuanceOnError ?? false);
  }, [stored.data, form]);

  const run = useMutation({
    mutationFn: async ({ script, env, token, context }: Customizer) =>
      unwrap(
        api.POST('/api/configs/jwt-customizer/test', {
          body: {
            tokenType,
            script,
            environmentVariables: parseObject('Environment variables', env) as Record<string, string>,
            token: parseObject('Sample token', token),
            context: parseObject('Sample context', context),
          },
        }),
      ),
  });
  const save = useMutation({
    mutationFn: async ({ script, env, token, context, blockOnError }: Customizer) =>
      unwrap(
        api.PUT('/api/configs/jwt-customizer/{tokenTypePath}', {
          params: { path: { tokenTypePath: tokenType } },
          body: {
            script,
            environmentVariables: parseObject('Environment variables', env) as Record<string, string>,
            tokenSample: parseObject('Sample token', token),
            contextSample: parseObject('Sample context', context),
            blockIssuanceOnError: blockOnError,
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jwt-customizer', tokenType] }),
  });

  return (
    <>
      <h1>Custom JWT claims</h1>
      <p className="muted">
        <code>getCustomJwtClaims({'{ token, context, environmentVariables, api }'})</code> returns claims
        added to access tokens. For a token exchange, <code>context.grant.subjectTokenContext</code> holds the
        context given when the subject token was requested.
      </p>
      <Select
        label="Token type"
        value={tokenType}
        onChange={(e) => setTokenType(e.target.value as TokenType)}
        options={[
          { value: 'access-token', label: 'User access tokens' },
          { value: 'client-credentials', label: 'Machine-to-machine tokens' },
        ]}
      />
      <p className="muted">
        {stored.data
          ? 'A script is saved for this token type.'
          : 'No script is saved for this token type yet.'}
      </p>
      <TextArea label="Script" rows={14} spellCheck={false} {...form.register('script')} />
      <div className="columns">
        <TextArea label="Environment variables" rows={6} spellCheck={false} {...form.register('env')} />
        <TextArea label="Sample token" rows={6} spellCheck={false} {...form.register('token')} />
        <TextArea label="Sample context" rows={6} spellCheck={false} {...form.register('context')} />
      </div>
      <div className="row">
        <button
          type="button"
          className="primary"
          onClick={form.handleSubmit((values) => run.mutate(values))}
          disabled={run.isPending}
        >
          Run
        </button>
        <button
          type="button"
          onClick={form.handleSubmit((values) => save.mutate(values))}
          disabled={save.isPending}
        >
          Save script
        </button>
        <Controller
          control={form.control}
          name="blockOnError"
          render={({ field }) => (
            <Switch
              label="Block token issuance when the script fails"
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </div>
      {save.isSuccess ? <p role="status">Saved.</p> : null}
      <Alert error={save.error} />
      <section aria-labelledby="run-result">
        <h2 id="run-result">Result</h2>
        {run.isSuccess ? <pre aria-label="Claims">{pretty(run.data)}</pre> : null}
        <Alert error={run.error} />
        {!run.isSuccess && !run.error ? (
          <p className="muted">Run the script to see the claims it returns.</p>
        ) : null}
      </section>
    </>
  );
}
