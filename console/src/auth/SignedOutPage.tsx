import { useTranslation } from 'react-i18next';
import { useSession } from './SessionProvider';
import { RecoveryHint } from './SetupPage';

/** Before sign-in, after sign-out, and when the session has ended (expired or refused). */
export function SignedOutPage({ reason }: { reason: 'new' | 'signed-out' | 'ended' }) {
  const { signIn } = useSession();
  const { t } = useTranslation('first-run');
  const key = { new: 'new', 'signed-out': 'signedOut', ended: 'ended' }[reason];
  return (
    <main className="narrow">
      <h1>{t(`signedOut.${key}.title`)}</h1>
      <p>{t(`signedOut.${key}.body`)}</p>
      {reason === 'new' ? <RecoveryHint /> : null}
      <button
        type="button"
        className="primary"
        onClick={() => void signIn(reason === 'signed-out' ? '/console' : undefined)}
      >
        {reason === 'new' ? t('signIn') : t('signInAgain')}
      </button>
    </main>
  );
}
