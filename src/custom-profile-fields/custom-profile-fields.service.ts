import { apiError } from '../http/error-registry.js';
import { uniquely } from '../management/conflicts.js';
import type { Db } from '../storage/database.js';
import * as repository from './custom-profile-fields.repository.js';
import type { CreateFieldInput, CustomProfileField } from './custom-profile-fields.schemas.js';
import { toCustomProfileField } from './custom-profile-fields.schemas.js';
import { assertValidDefinition } from './field-definition.js';
import type { FieldRule } from './profile-values.js';

type FieldInput = Omit<CreateFieldInput, 'name'>;

export const fieldNotFound = (name: string) =>
  apiError('entity.not_exists#custom_profile_field', { id: name });
const nameExists = () => apiError('custom_profile_fields.name_exists');

const valuesOf = (input: FieldInput): repository.FieldValues => ({
  type: input.type,
  label: input.label ?? '',
  description: input.description ?? null,
  required: input.required,
  config: input.config ?? {},
});

export async function listFields(db: Db): Promise<CustomProfileField[]> {
  return (await repository.listFields(db)).map(toCustomProfileField);
}

export async function getField(db: Db, name: string): Promise<CustomProfileField> {
  const row = await repository.findField(db, name);
  if (!row) throw fieldNotFound(name);
  return toCustomProfileField(row);
}

/** Creates the fields in one transaction, each after the last: all of them, or none. */
export async function createFields(
  db: Db,
  inputs: readonly CreateFieldInput[],
): Promise<CustomProfileField[]> {
  for (const input of inputs) assertValidDefinition(input);
  const names = inputs.map((input) => input.name);
  if (new Set(names).size !== names.length) throw nameExists();
  if ((await repository.findFieldNames(db, names)).length > 0) throw nameExists();
  const rows = await uniquely(repository.NAME_CONSTRAINT, nameExists, () =>
    db.transaction().execute(async (trx) => {
      const created = [];
      for (const input of inputs)
        created.push(await repository.insertField(trx, input.name, valuesOf(input)));
      return created;
    }),
  );
  return rows.map(toCustomProfileField);
}

/** Replaces the definition of a field; its name and order stay. */
export async function updateField(db: Db, name: string, input: FieldInput): Promise<CustomProfileField> {
  assertValidDefinition({ ...input, name });
  const row = await repository.updateField(db, name, valuesOf(input));
  if (!row) throw fieldNotFound(name);
  return toCustomProfileField(row);
}

export async function updateSieOrder(
  db: Db,
  order: readonly { name: string; sieOrder: number }[],
): Promise<CustomProfileField[]> {
  const names = order.map((entry) => entry.name);
  const duplicates = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  if (duplicates.length > 0) {
    throw apiError('request.invalid_input', {
      message: `Duplicate profile field names: ${duplicates.join(', ')}.`,
      data: { duplicateNames: duplicates },
    });
  }
  const known = new Set(await repository.findFieldNames(db, names));
  const missing = names.filter((name) => !known.has(name));
  if (missing.length > 0)
    throw apiError('custom_profile_fields.entity_not_exists_with_names', { names: missing });
  await db.transaction().execute(async (trx) => {
    for (const { name, sieOrder } of order) await repository.setSieOrder(trx, name, sieOrder);
  });
  const byName = new Map((await repository.listFields(db)).map((row) => [row.name, row]));
  return names.flatMap((name) => {
    const row = byName.get(name);
    return row ? [toCustomProfileField(row)] : [];
  });
}

export async function deleteField(db: Db, name: string): Promise<void> {
  if (!(await repository.deleteField(db, name))) throw fieldNotFound(name);
}

/** The fields as the registration checks values against them, in their order. */
export async function loadFieldRules(db: Db): Promise<FieldRule[]> {
  return (await repository.listFields(db)).map(({ name, type, label, required, config }) => ({
    name,
    type,
    label,
    required,
    config,
  }));
}
