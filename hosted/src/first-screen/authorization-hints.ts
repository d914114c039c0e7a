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

const KEY = 'tessera-first-screen';

/**
 * The first screen applies once per interaction in this tab: coming back to the sign-in page
 * (a link, the back button from the provider, a reload) shows the page itself.
 */
export const firstScreenShown = (uid: string) => sessionStorage.getItem(KEY) === uid;

export const markFirstScreenShown = (uid: string) => sessionStorage.setItem(KEY, uid);
