import { z } from 'zod';
import { Check, Select } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import type { SignInExperience } from './sign-in-experience';

type Mfa = SignInExperience['mfa'];
type Policy = Mfa['policy'];

/** Logto's current policies; its deprecated `UserControlled` is shown and saved as the first. */
const policies: { value: Policy; label: string }[] = [
  { value: 'PromptAtSignInAndSignUp', label: 'Offer it at sign-up and sign-in (skippable)' },
  { value: 'PromptOnlyAtSignIn', label: 'Offer it at sign-in only (skippable)' },
  { value: 'NoPrompt', label: 'Do not ask' },
  { value: 'Mandatory', label: 'Require it at sign-up and sign-in' },
];

const mfaForm = z
  .object({
    Totp: z.boolean(),
    WebAuthn: z.boolean(),
    BackupCode: z.boolean(),
    policy: z.enum(['PromptAtSignInAndSignUp', 'PromptOnlyAtSignIn', 'NoPrompt', 'Mandatory']),
  })
  .refine((values) => !values.BackupCode || values.Totp || values.WebAuthn, {
    path: ['BackupCode'],
    message: 'Backup codes only back up an authenticator app or a passkey.',
  });

/** Which second factors users may bind, and when a user without one is asked to bind one. */
export function MfaForm({ mfa, onSave }: { mfa: Mfa; onSave: (mfa: Mfa) => void }) {
  const form = useZodForm(mfaForm, {
    Totp: mfa.factors.includes('Totp'),
    WebAuthn: mfa.factors.includes('WebAuthn'),
    BackupCode: mfa.factors.includes('BackupCode'),
    policy: mfa.policy === 'UserControlled' ? 'PromptAtSignInAndSignUp' : mfa.policy,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ policy, ...chosen }) =>
    onSave({
      factors: (['Totp', 'WebAuthn', 'BackupCode'] as const).filter((factor) => chosen[factor]),
      policy,
    }),
  );
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="mfa-settings">
      <h2 id="mfa-settings">Multi-factor authentication</h2>
      <fieldset>
        <legend>Factors users may bind (none: MFA is off)</legend>
        <Check label="Authenticator app (TOTP)" {...form.register('Totp')} />
        <Check label="Passkey (WebAuthn)" {...form.register('WebAuthn')} />
        <Check label="Backup codes" {...form.register('BackupCode')} />
        {errors.BackupCode ? (
          <small className="field-error" role="alert">
            {errors.BackupCode.message}
          </small>
        ) : null}
      </fieldset>
      <Select
        label="Users without a factor"
        hint="Whether a user who has bound no factor is asked to bind one. A skipped offer is not repeated."
        options={policies}
        {...form.register('policy')}
      />
      <button type="submit" className="primary">
        Save multi-factor authentication
      </button>
    </form>
  );
}
