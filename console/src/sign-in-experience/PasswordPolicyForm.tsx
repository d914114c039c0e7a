import { z } from 'zod';
import { Check, Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import type { SignInExperience } from './sign-in-experience';

type Policy = SignInExperience['passwordPolicy'];

const length = z.coerce.number().int().min(1).max(256);
const policyForm = z
  .object({
    min: length,
    max: length,
    kinds: z.coerce.number().int().min(1).max(4),
    rejectUserInfo: z.boolean(),
  })
  .refine((values) => values.min <= values.max, {
    path: ['max'],
    message: 'At least the minimum length.',
  });

export function PasswordPolicyForm({ policy, onSave }: { policy: Policy; onSave: (policy: Policy) => void }) {
  const form = useZodForm(policyForm, {
    min: policy.length.min,
    max: policy.length.max,
    kinds: policy.characterTypes.min,
    rejectUserInfo: policy.rejects.userInfo,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ min, max, kinds, rejectUserInfo }) =>
    onSave({
      length: { min, max },
      characterTypes: { min: kinds },
      rejects: { ...policy.rejects, userInfo: rejectUserInfo },
    }),
  );
  return (
    <form className="panel" onSubmit={submit} aria-label="Password policy">
      <h2>Password policy</h2>
      <div className="row">
        <Field
          label="Minimum length"
          type="number"
          min={1}
          max={256}
          error={errors.min?.message}
          {...form.register('min')}
        />
        <Field
          label="Maximum length"
          type="number"
          min={1}
          max={256}
          error={errors.max?.message}
          {...form.register('max')}
        />
        <Field
          label="Character kinds required"
          hint="Of lower case, upper case, digits and symbols."
          type="number"
          min={1}
          max={4}
          error={errors.kinds?.message}
          {...form.register('kinds')}
        />
      </div>
      <Check
        label="Reject passwords that contain the username, e-mail or phone number"
        {...form.register('rejectUserInfo')}
      />
      <button type="submit" className="primary">
        Save password policy
      </button>
    </form>
  );
}
