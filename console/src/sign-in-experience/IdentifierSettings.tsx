import { z } from 'zod';
import { useZodForm } from '@shared/ui/useZodForm';
import type { SignInExperience } from './sign-in-experience';

const identifiers = ['username', 'email', 'phone'] as const;
type Identifier = (typeof identifiers)[number];
const names: Record<Identifier, string> = { username: 'Username', email: 'E-mail', phone: 'Phone' };
type Method = SignInExperience['signIn']['methods'][number];

const identifierForm = z.object({
  signUp: z.custom<SignInExperience['signUp']>(),
  methods: z.array(z.custom<Method>()),
});

/** Which identifiers register and sign in, and with which credentials. */
export function IdentifierSettings({
  settings,
  onSave,
}: {
  settings: SignInExperience;
  onSave: (patch: Pick<SignInExperience, 'signUp' | 'signIn'>) => void;
}) {
  const form = useZodForm(identifierForm, { signUp: settings.signUp, methods: settings.signIn.methods });
  const { signUp, methods } = form.watch();
  const setSignUp = (next: SignInExperience['signUp']) => form.setValue('signUp', next);
  const setMethods = (next: Method[]) => form.setValue('methods', next);
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
      <button
        type="button"
        className="primary"
        onClick={form.handleSubmit(({ signUp, methods }) => onSave({ signUp, signIn: { methods } }))}
      >
        Save identifiers
      </button>
    </section>
  );
}
