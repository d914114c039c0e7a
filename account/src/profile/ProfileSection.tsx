import { unwrap } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import { editable, shown, type AccountFields } from '../auth/config';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useSave } from '../ui/useSave';
import type { Me } from './me';

const members = ['name', 'username', 'avatar'] as const;
type Member = (typeof members)[number];

/** Name, username and avatar URL: each shown or changeable as the operator set it. */
export function ProfileSection({ me, fields }: { me: Me; fields: AccountFields }) {
  const { t } = useTranslation('profile');
  const api = useApi();
  const queryClient = useQueryClient();
  const save = useSave();
  const [values, setValues] = useState<Record<Member, string>>({
    name: me.name ?? '',
    username: me.username ?? '',
    avatar: me.avatar ?? '',
  });
  const visible = members.filter((member) => shown(fields[member]));
  if (visible.length === 0) return null;
  const changeable = visible.filter((member) => editable(fields[member]));

  const submit = () =>
    save.run(async () => {
      const body: Partial<Record<Member, string | null>> = {};
      for (const member of changeable) {
        const value = values[member].trim();
        if (value !== (me[member] ?? '')) body[member] = value === '' ? null : value;
      }
      if (Object.keys(body).length === 0) return;
      await unwrap(api.PATCH('/api/my-account', { body }));
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    });

  return (
    <Section title={t('title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {visible.map((member) => (
          <Field
            key={member}
            label={t(member)}
            type={member === 'avatar' ? 'url' : 'text'}
            autoComplete={member === 'name' ? 'name' : member === 'username' ? 'username' : 'photo'}
            readOnly={!editable(fields[member])}
            value={values[member]}
            onChange={(event) => setValues({ ...values, [member]: event.target.value })}
          />
        ))}
        <ErrorText error={save.error} />
        {save.done ? <p role="status">{t('saved')}</p> : null}
        {changeable.length > 0 ? (
          <button type="submit" className="primary" disabled={save.busy}>
            {t('save')}
          </button>
        ) : null}
      </form>
    </Section>
  );
}
