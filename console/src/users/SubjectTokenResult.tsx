import { useEffect, useState } from 'react';
import { CopyButton } from '../ui/CopyButton';

export interface IssuedToken {
  subjectToken: string;
  expiresIn: number;
  expiresAt: number;
  issuer: string;
  app: { id: string; confidential: boolean };
  resource: string;
  scopes: string[];
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The exchange request the chosen application makes, as a ready curl command. */
export function exchangeCommand(issued: IssuedToken): string {
  const data = [
    ['grant_type', 'urn:ietf:params:oauth:grant-type:token-exchange'],
    ['subject_token', issued.subjectToken],
    ['subject_token_type', 'urn:ietf:params:oauth:token-type:access_token'],
    ['resource', issued.resource],
    ['scope', issued.scopes.join(' ')],
    ...(issued.app.confidential ? [] : [['client_id', issued.app.id]]),
  ];
  return [
    `curl -X POST ${quote(`${issued.issuer}/token`)}`,
    ...(issued.app.confidential ? [`  -u "${issued.app.id}:$APP_SECRET"`] : []),
    ...data.map(([key, value]) => `  --data-urlencode ${quote(`${key}=${value}`)}`),
  ].join(' \\\n');
}

function useSecondsLeft(expiresAt: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((expiresAt - now) / 1000));
}

/** The subject token, shown once, with its countdown and the call that redeems it. */
export function SubjectTokenResult({ issued }: { issued: IssuedToken }) {
  const left = useSecondsLeft(issued.expiresAt);
  const command = exchangeCommand(issued);
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <div className="panel notice" aria-labelledby="subject-token-title">
      <h3 id="subject-token-title">Subject token</h3>
      <p>Shown only this once. It can be exchanged one time, by {issued.app.id}.</p>
      <p>
        <code aria-label="Subject token" className="wrap">
          {issued.subjectToken}
        </code>{' '}
        <CopyButton value={issued.subjectToken} label="Copy subject token" />
      </p>
      <p role="timer" aria-live="off">
        {left > 0 ? `Expires in ${minutes}:${seconds}` : 'Expired'}
      </p>
      <h3>Exchange it</h3>
      <p className="muted">
        {issued.app.confidential ? 'Set APP_SECRET to the application secret, then run:' : 'Run:'}
      </p>
      <pre aria-label="Exchange command">{command}</pre>
      <CopyButton value={command} label="Copy command" />
    </div>
  );
}
