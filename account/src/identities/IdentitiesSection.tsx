import { unwrap } from '@shared/api/client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import type { AccountConfig, ControlValue } from '../auth/config';
import type { Me } from '../profile/me';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useEnsureProof, useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';
import { callbackUri, newState, rememberLink } from './link-flow';
import { useLinkCallback } from './useLinkCallback';

type Connector = AccountConfig['socialConnectors'][number];

/**
 * The social accounts linked to this one. Linking asks for the password first, then sends the
 * browser to the provider; it comes back to the callback route, where the link is completed.
 */
export function IdentitiesSection({
  me,
  control,
  connectors,
}: {
  me: Me;
  control: ControlValue | undefined;
  connectors: Connector[];
}) {
  const { t, i18n } = useTranslation('identities');
  const api = useApi();
  const withProof = useStepUp();
  const ensureProof = useEnsureProof();
  const queryClient = useQueryClient();
  const change = useSave();
  const callback = useLinkCallback();
  const canEdit = control === 'Edit';
  const identities = Object.entries(me.identities ?? {});
  const byTarget = new Map(connectors.map((connector) => [connector.target, connector]));
  const nameOf = (connector: Connector | undefined, fallback: string) =>
    connector?.name[i18n.language] ??
    connector?.name.en ??
    Object.values(connector?.name ?? {})[0] ??
    fallback;

  const link = (connector: Connector) =>
    change.run(async () => {
      await ensureProof();
      const state = newState();
      const record = await unwrap(
        api.POST('/api/verifications/social', {
          body: { connectorId: connector.id, state, redirectUri: callbackUri() },
        }),
      );
      rememberLink({ verificationRecordId: record.verificationRecordId, state, connectorId: connector.id });
      window.location.assign(record.authorizationUri);
    });

  const unlink = (target: string) =>
    change.run(async () => {
      await withProof((header) =>
        unwrap(api.DELETE('/api/my-account/identities/{target}', { params: { path: { target }, header } })),
      );
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    });

  const linkedName =
    callback.kind === 'linked'
      ? nameOf(
          connectors.find((connector) => connector.id === callback.connectorId),
          '',
        )
      : '';

  return (
    <Section title={t('title')}>
      {identities.length === 0 ? <p>{t('none')}</p> : null}
      <ul className="plain-list">
        {identities.map(([target, identity]) => {
          const name = nameOf(byTarget.get(target), target);
          const details = identity.details ?? {};
          const account = [details.email, details.name, identity.userId].find(
            (value): value is string => typeof value === 'string' && value !== '',
          );
          return (
            <li key={target}>
              <span>{t('linked', { name, account })}</span>
              {canEdit ? (
                <button
                  type="button"
                  className="danger"
                  disabled={change.busy}
                  aria-label={t('unlinkLabel', { name })}
                  onClick={() => void unlink(target)}
                >
                  {t('unlink')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {canEdit ? (
        <div className="actions">
          {connectors
            .filter((connector) => !me.identities?.[connector.target])
            .map((connector) => (
              <button
                key={connector.id}
                type="button"
                disabled={change.busy || callback.kind === 'working'}
                onClick={() => void link(connector)}
              >
                {t('link', { name: nameOf(connector, connector.target) })}
              </button>
            ))}
        </div>
      ) : null}
      {callback.kind === 'working' ? <p role="status">{t('working')}</p> : null}
      {callback.kind === 'linked' ? <p role="status">{t('done', { name: linkedName })}</p> : null}
      {callback.kind === 'refused' ? (
        <p role="alert" className="error">
          {t('refused')}
        </p>
      ) : null}
      {callback.kind === 'failed' ? <ErrorText error={callback.error} /> : null}
      <ErrorText error={change.error} />
    </Section>
  );
}
