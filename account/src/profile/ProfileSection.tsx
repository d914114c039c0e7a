import { unwrap } from '@shared/api/client';
import { Field } from '@shared/ui/Field';
import { useZodForm } from '@shared/ui/useZodForm';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useApi } from '../api';
import { editable, shown, type AccountFields } from '../auth/config';
import { ErrorText } from '../ui/ErrorText';
import { Section } from '../ui/Section';
import { useSave } from '../ui/useSave';
import type { Me } from './me';

const members = ['name', 'username', 'avatar'] as const;
type Member = (typeof members)[number];

const profileForm = z.object({
  name: z.string().trim(),
  username: z.string().trim(),
  avatar: z.string().trim(),
});

const autoComplete: Record<Member, string> = { name: 'name', username: 'username', avatar: 'photo' };

/** Name, username and avatar URL: each shown or changeable as the operator set it; empty clears it. */
export function ProfileSection({ me, fields }: { me: Me; fields: AccountFields }) {
  const { t } = useTranslation('profile');
  const api = useApi();
  const queryClient = useQueryClient();
  const save = useSave();
  const form = useZodForm(profileForm, {
    name: me.name ?? '',
    username: me.username ?? '',
    avatar: me.avatar ?? '',
  });
  const visible = members.filter((member) => shown(fields[member]));
  const changeable = visible.filter((member) => editable(fields[member]));

  const submit = form.handleSubmit((values) =>
    save.run(async () => {
      const body: Partial<Record<Member, string | null>> = {};
      for (const member of changeable) {
        if (values[member] !== (me[member] ?? '')) body[member] = values[member] || null;
      }
      if (Object.keys(body).length === 0) return;
      await unwrap(api.PATCH('/api/my-account', { body }));
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    }),
  );

  if (visible.length === 0) return null;
  return (
    <Section title={t('title')}>
      <form onSubmit={submit}>
        {visible.map((member) => (
          <Field
            key={member}
            label={t(member)}
            type={member === 'avatar' ? 'url' : 'text'}
            autoComplete={autoComplete[member]}
            readOnly={!editable(fields[member])}
            {...form.register(member)}
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
