import { sql, type Transaction } from 'kysely';
import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import { json } from '../storage/json.js';
import type { Database } from '../storage/schema.js';
import type {
  CustomProfileFieldConfig,
  CustomProfileFieldType,
} from '../storage/tables/custom-profile-fields.js';

export const NAME_CONSTRAINT = 'custom_profile_fields_name_key';

const columns = [
  'id',
  'name',
  'type',
  'label',
  'description',
  'required',
  'config',
  'sie_order',
  'created_at',
] as const;

export interface FieldValues {
  type: CustomProfileFieldType;
  label: string;
  description: string | null;
  required: boolean;
  config: CustomProfileFieldConfig;
}

export async function listFields(db: Db) {
  return db
    .selectFrom('custom_profile_fields')
    .select(columns)
    .orderBy('sie_order')
    .orderBy('created_at')
    .execute();
}

export async function findField(db: Db, name: string) {
  return db.selectFrom('custom_profile_fields').select(columns).where('name', '=', name).executeTakeFirst();
}

export async function findFieldNames(db: Db, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('custom_profile_fields')
    .select('name')
    .where('name', 'in', [...names])
    .execute();
  return rows.map((row) => row.name);
}

/** Each new field goes last: one more than the highest order so far. */
export async function insertField(trx: Transaction<Database>, name: string, values: FieldValues) {
  return trx
    .insertInto('custom_profile_fields')
    .values({
      id: newId(),
      name,
      ...values,
      config: json(values.config),
      sie_order: sql<number>`(SELECT coalesce(max(sie_order), 0) + 1 FROM custom_profile_fields)`,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function updateField(db: Db, name: string, values: FieldValues) {
  return db
    .updateTable('custom_profile_fields')
    .set({ ...values, config: json(values.config) })
    .where('name', '=', name)
    .returning(columns)
    .executeTakeFirst();
}

export async function setSieOrder(trx: Transaction<Database>, name: string, sieOrder: number) {
  await trx
    .updateTable('custom_profile_fields')
    .set({ sie_order: sieOrder })
    .where('name', '=', name)
    .execute();
}

export async function deleteField(db: Db, name: string): Promise<boolean> {
  const result = await db.deleteFrom('custom_profile_fields').where('name', '=', name).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
