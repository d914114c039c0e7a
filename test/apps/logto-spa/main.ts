import LogtoClient from '@logto/browser';

/**
 * A single-page application on an origin of its own, signing in and out with Logto's browser SDK
 * the way its guide shows. The serving test puts the endpoint, app id and (optionally) the scopes
 * and resources to ask for in <meta> tags; with them, the signed-in page reads what the guides
 * read: ID token claims, user info, an API resource's token and an organization token.
 */
const setting = (name: string) =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
const list = (name: string) => setting(name).split(' ').filter(Boolean);

const resources = list('logto-resources');
const client = new LogtoClient({
  endpoint: setting('logto-endpoint'),
  appId: setting('logto-app-id'),
  scopes: list('logto-scopes'),
  resources,
});
const { origin } = window.location;

function show(
  heading: string,
  text: string,
  action: { label: string; run: () => Promise<void> },
  read: string[] = [],
) {
  const title = document.createElement('h1');
  title.textContent = heading;
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  const facts = document.createElement('ul');
  facts.setAttribute('aria-label', 'What the application read');
  facts.replaceChildren(
    ...read.map((line) => Object.assign(document.createElement('li'), { textContent: line })),
  );
  const button = document.createElement('button');
  button.textContent = action.label;
  button.addEventListener('click', () => void action.run());
  document.querySelector('main')?.replaceChildren(title, paragraph, facts, button);
}

/** One line per thing read, only for what the configured scopes and resources ask for. */
async function readAll(): Promise<string[]> {
  const claims = await client.getIdTokenClaims();
  const read: string[] = [];
  if (claims.roles) read.push(`ID token roles: ${claims.roles.join(' ')}`);
  if (claims.organization_roles)
    read.push(`ID token organization roles: ${claims.organization_roles.join(' ')}`);
  const info = await client.fetchUserInfo();
  if (info.custom_data) read.push(`User info custom data: ${JSON.stringify(info.custom_data)}`);
  if (info.identities) read.push(`User info identities: ${Object.keys(info.identities).join(' ')}`);
  for (const resource of resources) {
    const token = await client.getAccessTokenClaims(resource);
    read.push(`Resource token for ${String(token.aud)}: ${token.scope ?? ''}`);
  }
  for (const organizationId of claims.organizations ?? []) {
    const token = await client.getOrganizationTokenClaims(organizationId);
    read.push(`Organization token for ${String(token.aud)}: ${token.scope ?? ''}`);
  }
  return read;
}

async function render() {
  if (window.location.pathname === '/callback') {
    await client.handleSignInCallback(window.location.href);
    window.history.replaceState(null, '', '/');
  }
  if (await client.isAuthenticated()) {
    const { sub } = await client.getIdTokenClaims();
    const signOut = { label: 'Sign out', run: () => client.signOut(`${origin}/signed-out`) };
    show('Signed in', `Signed in as ${sub}`, signOut, await readAll());
  } else {
    show('Signed out', 'Not signed in.', {
      label: 'Sign in',
      run: () => client.signIn(`${origin}/callback`),
    });
  }
}

render().catch((error: unknown) => show('Error', String(error), { label: 'Retry', run: render }));
