import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Controller } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { useAction } from '@shared/ui/useAction';
import { useZodForm } from '@shared/ui/useZodForm';
import { api } from '../api';
import { Card } from '../ui/Card';
import { OrganizationChoice } from './OrganizationChoice';

// Each scope's sentence in the `consent` catalog (`scope.<key>`).
const scopeKey: Record<string, string> = {
  openid: 'openid',
  profile: 'profile',
  email: 'email',
  phone: 'phone',
  offline_access: 'offlineAccess',
  'urn:logto:scope:organizations': 'organizations',
  'urn:logto:scope:organization_roles': 'organizationRoles',
  custom_data: 'customData',
  identities: 'identities',
  roles: 'roles',
};

/** A scope as a person reads it: what it allows, never its protocol name. */
const describeScope = (t: TFunction, scope: string) => t(`consent:scope.${scopeKey[scope] ?? 'other'}`);

const consentForm = z.object({ organizationIds: z.array(z.string()) });

/** A third-party application asks for access: what it gets, and allow or cancel. */
export function ConsentPage() {
  const { t } = useTranslation('consent');
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
  if (consent.isPending) return <Card title={t('title')}>{null}</Card>;
  if (consent.error || !consent.data) {
    return (
      <Card title={t('title')}>
        <Alert error={consent.error} />
      </Card>
    );
  }
  const { application, user, scopes, resources, organizations } = consent.data;
  return (
    <Card title={t('wantsAccess', { application: application.name })}>
      <p>
        <Trans
          t={t}
          i18nKey="intro"
          values={{ user: user.name, application: application.name }}
          components={{ strong: <strong /> }}
        />
      </p>
      <ul className="scopes">
        {scopes.map((scope) => (
          <li key={scope}>{describeScope(t, scope)}</li>
        ))}
        {resources.flatMap((resource) =>
          resource.scopes.map((scope) => (
            <li key={`${resource.indicator} ${scope.name}`}>
              {scope.description ?? scope.name} <small>{t('onResource', { resource: resource.name })}</small>
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
          {t('cancel')}
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => void decide(true)}>
          {t('allow')}
        </button>
      </div>
    </Card>
  );
}
