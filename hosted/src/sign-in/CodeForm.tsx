import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { codeIdentifierOf, finish, identify, sendCode, start, verifyCode } from '../experience';
import { SsoNotice } from '../federation/SsoNotice';
import { startFederated } from '../federation/federation';
import { useSsoMatch } from '../federation/useSsoMatch';
import { Alert } from '../ui/Alert';
import { CodeField, Field } from '@shared/ui/Field';
import { useAction } from '@shared/ui/useAction';

/** Sign in with a one-time code sent to an e-mail address or phone (an SSO domain: single sign-on). */
export function CodeForm() {
  const navigate = useNavigate();
  const { busy, error, run } = useAction();
  const [address, setAddress] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const sso = useSsoMatch(address);
  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      if (sso) return startFederated('sso', sso.id);
      await start('SignIn');
      setSent(await sendCode(codeIdentifierOf(address)));
    });
  };
  const resend = () =>
    void run(async () => {
      setSent(await sendCode(codeIdentifierOf(address)));
      setCode('');
    });
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const verificationId = await verifyCode(codeIdentifierOf(address), sent!, code.trim());
      await identify(verificationId);
      await finish(navigate);
    });
  };
  if (!sent) {
    return (
      <form onSubmit={send} noValidate>
        <Field
          label="E-mail or phone"
          name="address"
          autoComplete="email"
          required
          autoFocus
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
        {sso ? <SsoNotice connector={sso} /> : null}
        <Alert error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {sso ? 'Continue with single sign-on' : 'Send code'}
        </button>
      </form>
    );
  }
  return (
    <form onSubmit={verify} noValidate>
      <p className="status" role="status">
        If an account uses {address}, a code is on its way to it.
      </p>
      <CodeField autoFocus value={code} onValue={setCode} />
      <Alert error={error} />
      <button type="submit" className="primary" disabled={busy}>
        Sign in
      </button>
      <button type="button" className="link" disabled={busy} onClick={resend}>
        Send a new code
      </button>
    </form>
  );
}
