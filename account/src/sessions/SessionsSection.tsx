import { unwrap } from '@shared/api/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useStepUp } from '../ui/StepUp';
import { useSave } from '../ui/useSave';

/** Where the user is signed in; any other session can be ended here, with its applications' access. */
export function SessionsSection() {
  const { t, i18n } = useTranslation('sessions');
  const api = useApi();
  const withProof = useStepUp();
  const queryClient = useQueryClient();
  const end = useSave();
  const sessions = useQuery({
    queryKey: ['sessions'],
    queryFn: () => unwrap(api.GET('/api/my-account/sessions')),
  });

  const endSession = (sessionId: string) =>
    end.run(async () => {
      await withProof((header) =>
        unwrap(
          api.DELETE('/api/my-account/sessions/{sessionId}', {
            params: { path: { sessionId }, query: { revokeGrantsTarget: 'all' }, header },
          }),
        ),
      );
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
    });

  const when = (seconds: number) =>
    new Date(seconds * 1000).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Section title={t('title')}>
      <ErrorText error={sessions.error} />
      <ul className="plain-list">
        {(sessions.data?.sessions ?? []).map((session) => {
          const signedIn = t('signedInAt', { when: when(session.payload.loginTs) });
          const apps = Object.keys(session.payload.authorizations).length;
          return (
            <li key={session.id}>
              <span>
                {signedIn} · {t('applications', { count: apps })}
                {session.isCurrent ? <strong> · {t('current')}</strong> : null}
              </span>
              {session.isCurrent ? null : (
                <button
                  type="button"
                  className="danger"
                  disabled={end.busy}
                  aria-label={t('endLabel', { when: when(session.payload.loginTs) })}
                  onClick={() => void endSession(session.id)}
                >
                  {t('end')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorText error={end.error} />
    </Section>
  );
}
