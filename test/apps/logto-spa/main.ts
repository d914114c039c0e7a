import LogtoClient from '@logto/browser';

/**
 * A single-page application on an origin of its own, signing in and out with Logto's browser SDK
 * the way its guide shows. The serving test puts the endpoint and app id in <meta> tags.
 */
const setting = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

const client = new LogtoClient({ endpoint: setting('logto-endpoint'), appId: setting('logto-app-id') });
const { origin } = window.location;

function show(heading: string, text: string, action: { label: string; run: () => Promise<void> }) {
  const title = document.createElement('h1');
  title.textContent = heading;
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  const button = document.createElement('button');
  button.textContent = action.label;
  button.addEventListener('click', () => void action.run());
  document.querySelector('main')?.replaceChildren(title, paragraph, button);
}

async function render() {
  if (window.location.pathname === '/callback') {
    await client.handleSignInCallback(window.location.href);
    window.history.replaceState(null, '', '/');
  }
  if (await client.isAuthenticated()) {
    const { sub } = await client.getIdTokenClaims();
    show('Signed in', `Signed in as ${sub}`, {
      label: 'Sign out',
      run: () => client.signOut(`${origin}/signed-out`),
    });
  } else {
    show('Signed out', 'Not signed in.', {
      label: 'Sign in',
      run: () => client.signIn(`${origin}/callback`),
    });
  }
}

render().catch((error: unknown) => show('Error', String(error), { label: 'Retry', run: render }));
