import { useState } from 'react';
import type { SignInExperience } from './sign-in-experience';

const identifiers = ['username', 'email', 'phone'] as const;
type Identifier = (typeof identifiers)[number];
const names: Record<Identifier, string> = { username: 'Username', email: 'E-mail', phone: 'Phone' };
type Method = SignInExperience['signIn']['methods'][number];

/** Which identifiers register and sign in, and with which credentials. */
export function IdentifierSettings({
  settings,
  onSave,
}: {
  settings: SignInExperience;
  onSave: (patch: Pick<SignInExperience, 'signUp' | 'signIn'>) => void;
}) {
  const [signUp, setSignUp] = useState(settings.signUp);
  const [methods, setMethods] = useState<Method[]>(settings.signIn.methods);
  const method = (identifier: Identifier) => methods.find((m) => m.identifier === identifier);
  const setMethod = (identifier: Identifier, change: Partial<Method> | null) => {
    const others = methods.filter((m) => m.identifier !== identifier);
    if (change === null) return setMethods(others);
    const current = method(identifier) ?? {
      identifier,
      password: true,
      verificationCode: false,
      isPasswordPrimary: true,
    };
    setMethods([...others, { ...current, ...change }]);
  };
  return (
    <section className="panel" aria-labelledby="identifiers">
      <h2 id="identifiers">Identifiers</h2>
      <fieldset>
        <legend>Sign-up identifiers</legend>
        {identifiers.map((identifier) => (
          <label key={identifier} className="check">
            <input
              type="checkbox"
              checked={signUp.identifiers.includes(identifier)}
              onChange={(e) =>
                setSignUp({
                  ...signUp,
                  identifiers: e.target.checked
                    ? [...signUp.identifiers, identifier]
                    : signUp.identifiers.filter((i) => i !== identifier),
                })
              }
            />{' '}
            Register with {names[identifier]}
          </label>
        ))}
        <label className="check">
          <input
            type="checkbox"
            checked={signUp.password}
            onChange={(e) => setSignUp({ ...signUp, password: e.target.checked })}
          />{' '}
          A password is required at registration
        </label>
      </fieldset>
      <fieldset>
        <legend>Sign-in methods</legend>
        {identifiers.map((identifier) => {
          const current = method(identifier);
          return (
            <div key={identifier} className="row">
              <label className="check">
                <input
                  type="checkbox"
                  checked={Boolean(current)}
                  onChange={(e) => setMethod(identifier, e.target.checked ? {} : null)}
                />{' '}
                Sign in with {names[identifier]}
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  disabled={!current}
                  checked={current?.password ?? false}
                  onChange={(e) => setMethod(identifier, { password: e.target.checked })}
                />{' '}
                {names[identifier]} with password
              </label>
              {identifier !== 'username' ? (
                <label className="check">
                  <input
                    type="checkbox"
                    disabled={!current}
                    checked={current?.verificationCode ?? false}
                    onChange={(e) => setMethod(identifier, { verificationCode: e.target.checked })}
                  />{' '}
                  {names[identifier]} with verification code
                </label>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <button type="button" className="primary" onClick={() => onSave({ signUp, signIn: { methods } })}>
        Save identifiers
      </button>
    </section>
  );
}
