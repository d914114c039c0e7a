import { identifierOf } from '../experience';
import { useInteraction } from '../settings';

type Hints = NonNullable<ReturnType<typeof useInteraction>['data']>['authorization'];

/** What the application's authorization request asked of these pages (first screen, hints). */
export function useAuthorizationHints(): Hints {
  return useInteraction().data?.authorization ?? {};
}

/** The identifier the application already knows (`login_hint`), to start a form with. */
export function useLoginHint(): string {
  return useAuthorizationHints().loginHint ?? '';
}

/** The login hint as a username, or as an address a code goes to (registration, password reset). */
export function useSplitLoginHint(): { username: string; address: string } {
  const hint = useLoginHint();
  if (!hint) return { username: '', address: '' };
  return identifierOf(hint).type === 'username'
    ? { username: hint, address: '' }
    : { username: '', address: hint };
}

/**
 * How registration starts among the identifiers the experience allows: by username unless the
 * request points to an address (a login hint that is one, or `identifier` without `username`).
 */
export function useRegistrationMethod(allowed: string[]): 'username' | 'code' {
  const { identifiers = [] } = useAuthorizationHints();
  const hint = useSplitLoginHint();
  const byCode = allowed.some((type) => type !== 'username');
  const wantsAddress = hint.address !== '' || (identifiers.length > 0 && !identifiers.includes('username'));
  return allowed.includes('username') && !(wantsAddress && byCode) ? 'username' : 'code';
}

const KEY = 'tessera-first-screen';

/**
 * The first screen applies once per interaction in this tab: coming back to the sign-in page
 * (a link, the back button from the provider, a reload) shows the page itself.
 */
export const firstScreenShown = (uid: string) => sessionStorage.getItem(KEY) === uid;

export const markFirstScreenShown = (uid: string) => sessionStorage.setItem(KEY, uid);
