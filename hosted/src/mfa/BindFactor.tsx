import { startRegistration } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { CodeField } from '@shared/ui/Field';
import { useAction } from '@shared/ui/useAction';
import { oneCode, useZodForm } from '@shared/ui/useZodForm';
import { api } from '../api';
import { finish, type MfaState } from '../experience';
import { BackupCodes } from './BackupCodes';

type Step =
  | { kind: 'choose' }
  | { kind: 'totp'; verificationId: string; secret: string; qr: string }
  | { kind: 'backup'; verificationId: string; codes: string[] };

/** Binding: an authenticator app (QR code and secret, then its first code) or a passkey; backup codes after. */
export function BindFactor({ factors, skippable }: MfaState) {
  const navigate = useNavigate();
  const { t } = useTranslation('mfa');
  const { busy, error, run } = useAction();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const form = useZodForm(oneCode, { code: '' });

  // After the main factor, backup codes when they are enabled (shown once), then submit.
  const afterBinding = async () => {
    if (factors.includes('BackupCode')) {
      const generated = await unwrap(api.POST('/api/experience/verification/backup-code/generate'));
      setStep({ kind: 'backup', verificationId: generated.verificationId, codes: generated.codes });
      return;
    }
    await finish(navigate);
  };
  const bind = (type: 'Totp' | 'WebAuthn' | 'BackupCode', verificationId: string) =>
    unwrap(api.POST('/api/experience/profile/mfa', { body: { type, verificationId } }));

  const startTotp = () =>
    run(async () => {
      const created = await unwrap(api.POST('/api/experience/verification/totp/secret'));
      setStep({
        kind: 'totp',
        verificationId: created.verificationId,
        secret: created.secret,
        qr: created.secretQrCode,
      });
    });
  const confirmTotp = form.handleSubmit(({ code }) => {
    if (step.kind !== 'totp') return;
    return run(async () => {
      await unwrap(
        api.POST('/api/experience/verification/totp/verify', {
          body: { code, verificationId: step.verificationId },
        }),
      );
      await bind('Totp', step.verificationId);
      await afterBinding();
    });
  });
  const addPasskey = () =>
    run(async () => {
      const { verificationId, registrationOptions } = await unwrap(
        api.POST('/api/experience/verification/web-authn/registration'),
      );
      const payload = await startRegistration({ optionsJSON: registrationOptions as never });
      await unwrap(
        api.POST('/api/experience/verification/web-authn/registration/verify', {
          body: { verificationId, payload: payload as never },
        }),
      );
      await bind('WebAuthn', verificationId);
      await afterBinding();
    });
  const skip = () =>
    run(async () => {
      await unwrap(api.POST('/api/experience/profile/mfa/mfa-skipped'));
      await finish(navigate);
    });

  if (step.kind === 'backup') {
    return (
      <BackupCodes
        codes={step.codes}
        busy={busy}
        error={error}
        onSaved={() =>
          run(async () => {
            await bind('BackupCode', step.verificationId);
            await finish(navigate);
          })
        }
      />
    );
  }
  if (step.kind === 'totp') {
    return (
      <form onSubmit={confirmTotp} noValidate>
        <p>{t('bind.scan')}</p>
        <img className="qr" src={step.qr} alt={t('bind.qr')} width={200} height={200} />
        <p>
          {t('bind.key')}{' '}
          <code className="secret" aria-label={t('bind.secret')}>
            {step.secret}
          </code>
        </p>
        <CodeField label={t('totpCode')} autoFocus {...form.register('code')} />
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {t('bind.confirm')}
        </button>
      </form>
    );
  }
  return (
    <div className="stack">
      <p>{t('bind.intro')}</p>
      {factors.includes('Totp') ? (
        <button type="button" className="primary" disabled={busy} onClick={() => void startTotp()}>
          {t('bind.totp')}
        </button>
      ) : null}
      {factors.includes('WebAuthn') ? (
        <button type="button" disabled={busy} onClick={() => void addPasskey()}>
          {t('bind.passkey')}
        </button>
      ) : null}
      {skippable ? (
        <button type="button" className="link" disabled={busy} onClick={() => void skip()}>
          {t('bind.skip')}
        </button>
      ) : null}
      <Alert error={error} />
    </div>
  );
}
