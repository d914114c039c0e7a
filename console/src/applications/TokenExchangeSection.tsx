import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Field, Switch } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { keys, useApi } from '../ui/api';
import type { Application } from './application-types';

/** Blank: no limit (null); else the number the service checks (1 to 1000). */
const grantLimit = z.object({
  maxGrants: z
    .string()
    .trim()
    .transform((text) => (text ? Number(text) : null)),
});

type Patch = { allowTokenExchange?: boolean; maxAllowedGrants?: number | null };

/**
 * Whether the application may redeem subject tokens at /oidc/token (impersonation), and how many
 * grants a user may hold with it. Third-party applications never may exchange.
 */
export function TokenExchangeSection({ app }: { app: Application }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useZodForm(grantLimit, { maxGrants: String(app.customClientMetadata.maxAllowedGrants ?? '') });
  const save = useMutation({
    mutationFn: (customClientMetadata: Patch) =>
      unwrap(
        api.PATCH('/api/applications/{id}', {
          params: { path: { id: app.id } },
          body: { customClientMetadata },
        }),
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData([...keys.applications, app.id], updated);
      return queryClient.invalidateQueries({ queryKey: keys.applications });
    },
  });
  const submitGrants = form.handleSubmit(({ maxGrants }) => save.mutate({ maxAllowedGrants: maxGrants }));
  const allowed = app.customClientMetadata.allowTokenExchange === true;
  return (
    <section className="panel" aria-labelledby="token-exchange">
      <h2 id="token-exchange">Token exchange</h2>
      <Switch
        label="Allow token exchange"
        checked={allowed}
        disabled={app.isThirdParty || save.isPending}
        onChange={(checked) => save.mutate({ allowTokenExchange: checked })}
        description={
          app.isThirdParty
            ? 'Third-party applications cannot exchange tokens: impersonating users is reserved for your own applications.'
            : 'Lets this application exchange a subject token (from POST /api/subject-tokens) for an access token of the user (RFC 8693), for impersonation by support staff.'
        }
      />
      <p role="status" className="muted">
        Token exchange is {allowed ? 'allowed' : 'off'} for this application.
      </p>
      <form onSubmit={submitGrants} aria-label="Grant limit" className="row">
        <Field
          label="Maximum allowed grants"
          type="number"
          min={1}
          max={1000}
          {...form.register('maxGrants')}
          hint="How many grants one user may hold with this application at once; empty for no limit."
        />
        <button type="submit">Save grant limit</button>
      </form>
      <Alert error={save.error} />
    </section>
  );
}
