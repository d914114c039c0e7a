import type { IncomingMessage } from 'node:http';

export async function postedAccount(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body).get('account') ?? '';
}

/** The upstream provider's own sign-in page: which of its accounts signs in. */
export const loginPage = (action: string, refused: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Upstream sign-in</title></head>
<body><h1>Upstream identity provider</h1>
${refused ? '<p role="alert">No such upstream account.</p>' : ''}
<form method="post" action="${action}">
<label for="account">Upstream account</label> <input id="account" name="account" autocomplete="off">
<button type="submit">Sign in upstream</button>
</form></body></html>`;
