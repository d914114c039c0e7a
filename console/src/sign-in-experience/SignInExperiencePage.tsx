import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@shared/api/client';
import { Alert } from '@shared/ui/Alert';
import { Switch } from '@shared/ui/Field';
import { useApi } from '../ui/api';
import { AccountCenterSettings } from './AccountCenterSettings';
import { CustomProfileFields } from './CustomProfileFields';
import { IdentifierSettings } from './IdentifierSettings';
import { MfaForm } from './MfaForm';
import { PasswordPolicyForm } from './PasswordPolicyForm';
import { loadSignInExperience, type SignInExperience } from './sign-in-experience';
import { SocialSignIn } from './SocialSignIn';

export function SignInExperiencePage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['sign-in-exp'], queryFn: () => loadSignInExperience(api) });
  const limits = useQuery({ queryKey: ['limits'], queryFn: () => unwrap(api.GET('/api/configs/limits')) });
  const save = useMutation({
    mutationFn: (body: Partial<Omit<SignInExperience, 'id'>>) =>
      unwrap(api.PATCH('/api/sign-in-exp', { body })),
    onSuccess: (updated) => queryClient.setQueryData(['sign-in-exp'], updated),
  });
  return (
    <>
      <h1>Sign-in experience</h1>
      <Alert error={settings.error} />
      {settings.data ? (
        <>
          <IdentifierSettings settings={settings.data} onSave={(patch) => save.mutate(patch)} />
          <PasswordPolicyForm
            policy={settings.data.passwordPolicy}
            onSave={(passwordPolicy) => save.mutate({ passwordPolicy })}
          />
          <MfaForm mfa={settings.data.mfa} onSave={(mfa) => save.mutate({ mfa })} />
          <SocialSignIn
            targets={settings.data.socialSignInConnectorTargets}
            onSave={(patch) => save.mutate(patch)}
          />
          <section className="panel" aria-labelledby="enterprise-sso">
            <h2 id="enterprise-sso">Enterprise SSO</h2>
            <Switch
              label="Enterprise SSO at the identifier step"
              checked={settings.data.singleSignOnEnabled}
              disabled={save.isPending}
              onChange={(singleSignOnEnabled) => save.mutate({ singleSignOnEnabled })}
              description="People entering an e-mail of a domain an SSO connector claims are sent to their provider; off, SSO connectors sign no one in."
            />
          </section>
        </>
      ) : null}
      {save.isSuccess ? <p role="status">Saved.</p> : null}
      <Alert error={save.error} />
      <CustomProfileFields />
      <AccountCenterSettings />
      <section className="panel" aria-labelledby="limits">
        <h2 id="limits">Lockout and send limits in force</h2>
        <p className="muted">
          The lockout follows the sign-in experience’s sentinelPolicy, else TESSERA_LOCKOUT_*; the send limits
          are TESSERA_SEND_* settings. Shown here read-only.
        </p>
        <Alert error={limits.error} />
        {limits.data ? (
          <dl className="facts">
            <dt>Failed sign-ins before lockout</dt>
            <dd>{limits.data.lockout.maxFailures}</dd>
            <dt>Counted within</dt>
            <dd>{limits.data.lockout.windowSeconds} s</dd>
            <dt>Locked for</dt>
            <dd>{limits.data.lockout.lockSeconds} s</dd>
            <dt>Verification codes per address per hour</dt>
            <dd>{limits.data.sendLimitPerHour}</dd>
            <dt>Least time between two codes</dt>
            <dd>{limits.data.sendMinIntervalSeconds} s</dd>
          </dl>
        ) : null}
      </section>
    </>
  );
}
