/** The sign-in page; `nonce` admits its own inline style and script under the page's CSP. */
export function signInHtml(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in</title>
<style nonce="${nonce}">
  body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f5f5f7; }
  form { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; width: 20rem; display: grid; gap: .75rem; }
  input, button { font: inherit; padding: .5rem; }
  button { cursor: pointer; }
  #error { color: #b00020; min-height: 1.2em; margin: 0; }
</style>
</head>
<body>
<form id="sign-in" novalidate>
  <h1>Sign in</h1>
  <label>Username or e-mail <input id="identifier" name="identifier" autocomplete="username" required autofocus></label>
  <label>Password <input id="password" name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
  <p id="error" role="alert"></p>
</form>
<script nonce="${nonce}">
(() => {
  const form = document.getElementById('sign-in');
  const error = document.getElementById('error');
  const call = async (method, path, body) => {
    const response = await fetch('/api/experience' + path, {
      method,
      credentials: 'same-origin',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = response.status === 204 ? null : await response.json();
    if (!response.ok) throw Object.assign(new Error(data && data.message), { code: data && data.code });
    return data;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const value = form.identifier.value.trim();
    const identifier = { type: value.includes('@') ? 'email' : 'username', value };
    form.querySelector('button').disabled = true;
    try {
      await call('PUT', '', { interactionEvent: 'SignIn' });
      const { verificationId } = await call('POST', '/verification/password', {
        identifier,
        password: form.password.value,
      });
      await call('POST', '/identification', { verificationId });
      const { redirectTo } = await call('POST', '/submit');
      window.location.assign(redirectTo);
    } catch (failure) {
      error.textContent = failure.code === 'session.not_found'
        ? 'This sign-in has expired. Go back to the application and start again.'
        : failure.message || 'Sign-in failed.';
      form.querySelector('button').disabled = false;
    }
  });
})();
</script>
</body>
</html>
`;
}
