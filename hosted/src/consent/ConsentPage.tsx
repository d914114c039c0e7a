import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { useAction } from '@shared/ui/useAction';
import { useZodForm } from '@shared/ui/useZodForm';
import { api } from '../api';
import { Card } from '../ui/Card';
import { OrganizationChoice } from './OrganizationChoice';

const scopeText: Record<string, string> = {
  openid: 'Know who you are',
  profile: 'See your name and profile',
  email: 'See your e-mail address',
  phone: 'See your phone number',
  offline_access: 'Stay connected when you are not using it',
  'urn:logto:scope:organizations': 'See the organizations you choose below',
  'urn:logto:scope:organization_roles': 'See your roles in those organizations',
  custom_data: 'See the custom data of your account',
  identities: 'See the social accounts linked to your account',
  roles: 'See your roles',
};

/** A scope as a person reads it: what it allows, never its protocol name. */
const describeScope = (scope: string) => scopeText[scope] ?? 'Use your account for this application';

const consentForm = z.object({ organizationIds: z.array(z.string()) });

/** A third-party application asks for access: what it gets, and allow or cancel. */
export function ConsentPage() {
  const { busy, error, run } = useAction();
  const form = useZodForm(consentForm, { organizationIds: [] });
  const consent = useQuery({
    queryKey: ['consent'],
    queryFn: () => unwrap(api.GET('/api/experience/consent')),
    retry: false,
  });
  const decide = (allow: boolean) =>
    run(async () => {
      const { organizationIds } = form.getValues();
      const { redirectTo } = await unwrap(
        allow
          ? api.POST('/api/experience/consent', { body: { organizationIds } })
          : api.POST('/api/experience/consent/deny'),
      );
      window.location.assign(redirectTo);
    });
  if (consent.isPending) return <Card title="Allow access">{null}</Card>;
  if (consent.error || !consent.data) {
    return (
      <Card title="Allow access">
        <Alert error={consent.error} />
      </Card>
    );
  }
  const { application, user, scopes, resources, organizations } = consent.data;
  return (
    <Card title={`${application.name} wants access`}>
      <p>
        Signed in as <strong>{user.name}</strong>. <strong>{application.name}</strong> will be able to:
      </p>
      <ul className="scopes">
        {scopes.map((scope) => (
          <li key={scope}>{describeScope(scope)}</li>
        ))}
        {resources.flatMap((resource) =>
          resource.scopes.map((scope) => (
            <li key={`${resource.indicator} ${scope.name}`}>
              {scope.description ?? scope.name} <small>on {resource.name}</small>
            </li>
          )),
        )}
      </ul>
      {organizations ? (
        <Controller
          control={form.control}
          name="organizationIds"
          render={({ field }) => (
            <OrganizationChoice
              organizations={organizations}
              chosen={field.value}
              onChange={field.onChange}
            />
          )}
        />
      ) : null}
      <Alert error={error} />
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => void decide(false)}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => void decide(true)}>
          Allow
        </button>
      </div>
    </Card>
  );
}
