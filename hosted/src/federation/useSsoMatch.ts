import { useQuery } from '@tanstack/react-query';
import { unwrap } from '@shared/api/client';
import { api } from '../api';
import { useSettings } from '../settings';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s.]{2,}$/;

/**
 * The enterprise SSO connector that claims the domain of what the person typed, if any: the
 * identifier step then offers single sign-on instead of a password or code.
 */
export function useSsoMatch(typed: string) {
  const settings = useSettings();
  const email = typed.trim().toLowerCase();
  const enabled = Boolean(settings?.singleSignOnEnabled && settings.ssoConnectors.length > 0);
  const domain = EMAIL.test(email) ? email.slice(email.indexOf('@') + 1) : undefined;
  const match = useQuery({
    queryKey: ['sso-connectors', domain],
    enabled: enabled && domain !== undefined,
    staleTime: 60_000,
    queryFn: () => unwrap(api.GET('/api/experience/sso-connectors', { params: { query: { email } } })),
  });
  const id = domain ? match.data?.connectorIds[0] : undefined;
  return id ? settings?.ssoConnectors.find((connector) => connector.id === id) : undefined;
}
