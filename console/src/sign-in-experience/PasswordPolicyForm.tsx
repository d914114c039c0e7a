import { useState, type FormEvent } from 'react';
import { Field } from '@shared/ui/Field';
import type { SignInExperience } from './SignInExperiencePage';

type Policy = SignInExperience['passwordPolicy'];

export function PasswordPolicyForm({ policy, onSave }: { policy: Policy; onSave: (policy: Policy) => void }) {
  const [min, setMin] = useState(String(policy.length.min));
  const [max, setMax] = useState(String(policy.length.max));
  const [kinds, setKinds] = useState(String(policy.characterTypes.min));
  const [rejectUserInfo, setRejectUserInfo] = useState(policy.rejects.userInfo);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      length: { min: Number(min), max: Number(max) },
      characterTypes: { min: Number(kinds) },
      rejects: { ...policy.rejects, userInfo: rejectUserInfo },
    });
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Password policy">
      <h2>Password policy</h2>
      <div className="row">
        <Field
          label="Minimum length"
          type="number"
          min={1}
          max={256}
          value={min}
          onChange={(e) => setMin(e.target.value)}
        />
        <Field
          label="Maximum length"
          type="number"
          min={1}
          max={256}
          value={max}
          onChange={(e) => setMax(e.target.value)}
        />
        <Field
          label="Character kinds required"
          hint="Of lower case, upper case, digits and symbols."
          type="number"
          min={1}
          max={4}
          value={kinds}
          onChange={(e) => setKinds(e.target.value)}
        />
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={rejectUserInfo}
          onChange={(e) => setRejectUserInfo(e.target.checked)}
        />{' '}
        Reject passwords that contain the username, e-mail or phone number
      </label>
      <button type="submit" className="primary">
        Save password policy
      </button>
    </form>
  );
}
