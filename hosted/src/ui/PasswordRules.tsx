import { useTranslation } from 'react-i18next';
import type { Settings } from '../settings';

const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/];

interface Rule {
  text: string;
  /** The policy's name for a refusal by this rule (`password.rejected`'s issues). */
  issue: string;
  /** Met as typed; undefined for a rule only the service can check. */
  ok: boolean | undefined;
}

/**
 * The sign-in experience's password policy, checked as the person types (the service decides);
 * a rule the service refused the last password for (`rejected`) is marked as not met.
 */
export function PasswordRules({
  policy,
  password,
  rejected = [],
}: {
  policy: Settings['passwordPolicy'];
  password: string;
  rejected?: readonly string[];
}) {
  const { t } = useTranslation('common');
  const types = kinds.filter((kind) => kind.test(password)).length;
  const rules: Rule[] = [
    {
      text: t('rules.atLeast', { count: policy.length.min }),
      issue: 'password_rejected.too_short',
      ok: password.length >= policy.length.min,
    },
    ...(policy.length.max < 256
      ? [
          {
            text: t('rules.atMost', { count: policy.length.max }),
            issue: 'password_rejected.too_long',
            ok: password.length <= policy.length.max,
          },
        ]
      : []),
    ...(policy.characterTypes.min > 1
      ? [
          {
            text: t('rules.characterTypes', { count: policy.characterTypes.min }),
            issue: 'password_rejected.character_types',
            ok: types >= policy.characterTypes.min,
          },
        ]
      : []),
    ...(policy.rejects.userInfo
      ? [
          {
            text: t('rules.userInfo'),
            issue: 'password_rejected.restricted.user_info',
            ok: undefined,
          },
        ]
      : []),
    ...(policy.rejects.repetitionAndSequence
      ? [
          {
            text: t('rules.repetition'),
            issue: 'password_rejected.restricted.repetition_or_sequence',
            ok: undefined,
          },
        ]
      : []),
    ...(policy.rejects.words.length > 0
      ? [
          {
            text: t('rules.words'),
            issue: 'password_rejected.restricted.words',
            ok: undefined,
          },
        ]
      : []),
  ];
  return (
    <ul className="rules" aria-live="polite" aria-label={t('rules.label')}>
      {rules.map((rule) => {
        const state = rule.ok ?? (rejected.includes(rule.issue) ? 'refused' : undefined);
        return (
          <li key={rule.issue} className={state === undefined ? '' : state === true ? 'ok' : 'todo'}>
            {state === undefined ? '' : state === true ? '✓ ' : state === 'refused' ? '✗ ' : '○ '}
            {rule.text}
            {state === undefined
              ? ''
              : ` ${t(state === true ? 'rules.met' : state === 'refused' ? 'rules.notMet' : 'rules.notYet')}`}
          </li>
        );
      })}
    </ul>
  );
}
