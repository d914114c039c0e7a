import { startAuthentication } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { CodeField } from '@shared/ui/Field';
import { useAction } from '@shared/ui/useAction';
import { oneCode, useZodForm } from '@shared/ui/useZodForm';
import { api } from '../api';
import { finish } from '../experience';

type Method = 'Totp' | 'BackupCode' | 'WebAuthn';
const otherLabel = { Totp: 'use.totp', BackupCode: 'use.backupCode', WebAuthn: 'use.passkey' } as const;

/** The sign-in's second step with one of the user's factors; the others are a click away. */
export function AnswerChallenge({ factors }: { factors: string[] }) {
  const navigate = useNavigate();
  const { t } = useTranslation('mfa');
  const { busy, error, run } = useAction();
  const available = (['WebAuthn', 'Totp', 'BackupCode'] as const).filter((type) => factors.includes(type));
  const [method, setMethod] = useState<Method>(
    available.includes('Totp') ? 'Totp' : (available[0] ?? 'Totp'),
  );
  const form = useZodForm(oneCode, { code: '' });

  const submitCode = form.handleSubmit(({ code }) =>
    run(async () => {
      if (method === 'Totp')
        await unwrap(api.POST('/api/experience/verification/totp/verify', { body: { code } }));
      else await unwrap(api.POST('/api/experience/verification/backup-code/verify', { body: { code } }));
      await finish(navigate);
    }),
  );
  const usePasskey = () =>
    run(async () => {
      const { verificationId, authenticationOptions } = await unwrap(
        api.POST('/api/experience/verification/web-authn/authentication'),
      );
      const payload = await startAuthentication({ optionsJSON: authenticationOptions as never });
      await unwrap(
        api.POST('/api/experience/verification/web-authn/authentication/verify', {
          body: { verificationId, payload: payload as never },
        }),
      );
      await finish(navigate);
    });

  return (
    <div className="stack">
      {method === 'WebAuthn' ? (
        <>
          <p>{t('challenge.passkeyText')}</p>
          <Alert error={error} />
          <button type="button" className="primary" disabled={busy} onClick={() => void usePasskey()}>
            {t('challenge.passkey')}
          </button>
        </>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <CodeField
            key={method}
            label={method === 'Totp' ? t('totpCode') : t('challenge.backupCode')}
            numeric={method === 'Totp'}
            autoFocus
            {...form.register('code')}
          />
          <Alert error={error} />
          <button type="submit" className="primary" disabled={busy}>
            {t('challenge.verify')}
          </button>
        </form>
      )}
      <nav className="links" aria-label={t('challenge.otherWays')}>
        {available
          .filter((other) => other !== method)
          .map((other) => (
            <button
              key={other}
              type="button"
              className="link"
              onClick={() => {
                form.reset();
                setMethod(other);
              }}
            >
              {t(otherLabel[other])}
            </button>
          ))}
      </nav>
    </div>
  );
}
