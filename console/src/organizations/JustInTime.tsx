import { JitDomains } from './JitDomains';
import { JitRoles } from './JitRoles';
import { JitSsoConnectors } from './JitSsoConnectors';

/** The organization's just-in-time provisioning: who joins on their own, and with which roles. */
export function JustInTime({ organizationId }: { organizationId: string }) {
  return (
    <>
      <p className="muted">
        Users join this organization without an invitation when they sign up with a matching e-mail domain or
        sign in through a bound enterprise SSO connector.
      </p>
      <JitDomains organizationId={organizationId} />
      <JitSsoConnectors organizationId={organizationId} />
      <JitRoles organizationId={organizationId} />
    </>
  );
}
