import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiCallError, unwrap } from '@shared/api/client';
import { useApi } from '../ui/api';
import { Alert } from '@shared/ui/Alert';
import { Select, Switch, TextArea } from '@shared/ui/Field';
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
  const [script, setScript] = useState(sampleScript);
  const [env, setEnv] = useState('{}');
  const [token, setToken] = useState(pretty(sampleToken));
  const [context, setContext] = useState(pretty(sampleContext));
  const [blockOnError, setBlockOnError] = useState(false);
  useEffect(() => {
    const value = stored.data;
    if (!value) return;
    setScript(value.script);
    setEnv(pretty(value.environmentVariables ?? {}));
    if (value.tokenSample) setToken(pretty(value.tokenSample));
    if (value.contextSample) setContext(pretty(value.contextSample));
    setBlockOnError(value.blockIssuanceOnError ?? false);
  }, [stored.data]);

  const run = useMutation({
    mutationFn: async () =>
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
    mutationFn: async () =>
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
      <TextArea
        label="Script"
        rows={14}
        spellCheck={false}
        value={script}
        onChange={(e) => setScript(e.target.value)}
      />
      <div className="columns">
        <TextArea
          label="Environment variables"
          rows={6}
          spellCheck={false}
          value={env}
          onChange={(e) => setEnv(e.target.value)}
        />
        <TextArea
          label="Sample token"
          rows={6}
          spellCheck={false}
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <TextArea
          label="Sample context"
          rows={6}
          spellCheck={false}
          value={context}
          onChange={(e) => setContext(e.target.value)}
        />
      </div>
      <div className="row">
        <button type="button" className="primary" onClick={() => run.mutate()} disabled={run.isPending}>
          Run
        </button>
        <button type="button" onClick={() => save.mutate()} disabled={save.isPending}>
          Save script
        </button>
        <Switch
          label="Block token issuance when the script fails"
          checked={blockOnError}
          onChange={setBlockOnError}
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
