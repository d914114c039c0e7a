import type { Settings } from '../settings';

const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/];

/** The sign-in experience's password policy, checked as the person types (the service decides). */
export function PasswordRules({
  policy,
  password,
}: {
  policy: Settings['passwordPolicy'];
  password: string;
}) {
  const types = kinds.filter((kind) => kind.test(password)).length;
  const rules = [
    { text: `At least ${policy.length.min} characters`, ok: password.length >= policy.length.min },
    ...(policy.length.max < 256
      ? [{ text: `At most ${policy.length.max} characters`, ok: password.length <= policy.length.max }]
      : []),
    ...(policy.characterTypes.min > 1
      ? [
          {
            text: `${policy.characterTypes.min} of: lower-case, upper-case, digits, symbols`,
            ok: types >= policy.characterTypes.min,
          },
        ]
      : []),
    ...(policy.rejects.userInfo ? [{ text: 'Not your username, e-mail or phone', ok: undefined }] : []),
  ];
  return (
    <ul className="rules" aria-live="polite" aria-label="Password requirements">
      {rules.map((rule) => (
        <li key={rule.text} className={rule.ok === undefined ? '' : rule.ok ? 'ok' : 'todo'}>
          {rule.ok === undefined ? '' : rule.ok ? '✓ ' : '○ '}
          {rule.text}
          {rule.ok === undefined ? '' : rule.ok ? ' (met)' : ' (not yet)'}
        </li>
      ))}
    </ul>
  );
}
