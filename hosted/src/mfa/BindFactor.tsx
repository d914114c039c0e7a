import { startRegistration } from '@simplewebauthn/browser';
import { useState } from 'react';
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
        <p>Scan this QR code with your authenticator app, or enter the key by hand.</p>
        <img className="qr" src={step.qr} alt="QR code for your authenticator app" width={200} height={200} />
        <p>
          Key:{' '}
          <code className="secret" aria-label="Secret key">
            {step.secret}
          </code>
        </p>
        <CodeField label="Authenticator code" autoFocus {...form.register('code')} />
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          Confirm
        </button>
      </form>
    );
  }
  return (
    <div className="stack">
      <p>Protect your account with a second step at sign-in.</p>
      {factors.includes('Totp') ? (
        <button type="button" className="primary" disabled={busy} onClick={() => void startTotp()}>
          Use an authenticator app
        </button>
      ) : null}
      {factors.includes('WebAuthn') ? (
        <button type="button" disabled={busy} onClick={() => void addPasskey()}>
          Add a passkey
        </button>
      ) : null}
      {skippable ? (
        <button type="button" className="link" disabled={busy} onClick={() => void skip()}>
          Not now
        </button>
      ) : null}
      <Alert error={error} />
    </div>
  );
}
