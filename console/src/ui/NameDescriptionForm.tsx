import { useState, type FormEvent } from 'react';
import { Alert } from '@shared/ui/Alert';
import { Field } from '@shared/ui/Field';

/** The settings form of entities that are a name and a description (roles, organizations, …). */
export function NameDescriptionForm({
  initial,
  onSave,
  mutation,
}: {
  initial: { name: string; description?: string | null };
  onSave: (value: { name: string; description: string }) => void;
  mutation: { isPending: boolean; isSuccess: boolean; error: unknown };
}) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ name, description });
  };
  return (
    <form className="panel" onSubmit={submit} aria-label="Settings">
      <h2>Settings</h2>
      <div className="row">
        <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} required />
        <Field label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <Alert error={mutation.error} />
      <button type="submit" className="primary" disabled={mutation.isPending}>
        Save settings
      </button>
      {mutation.isSuccess ? <span role="status"> Saved.</span> : null}
    </form>
  );
}
