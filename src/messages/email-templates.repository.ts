import type { Db } from '../storage/database.js';
import { json } from '../storage/json.js';
import { newId } from '../storage/ids.js';
import type { EmailTemplateDetails } from '../storage/tables/email-templates.js';

export interface EmailTemplateFilter {
  languageTag?: string | undefined;
  templateType?: string | undefined;
}

const columns = ['id', 'language_tag', 'template_type', 'details', 'created_at'] as const;

export async function listEmailTemplates(db: Db, filter: EmailTemplateFilter) {
  let query = db.selectFrom('email_templates').select(columns);
  if (filter.languageTag) query = query.where('language_tag', '=', filter.languageTag);
  if (filter.templateType) query = query.where('template_type', '=', filter.templateType);
  return query.orderBy('language_tag').orderBy('template_type').execute();
}

export async function findEmailTemplate(db: Db, id: string) {
  return db.selectFrom('email_templates').select(columns).where('id', '=', id).executeTakeFirst();
}

/** The template of one usage in the first of `languageTags` that has one. */
export async function firstEmailTemplate(db: Db, languageTags: readonly string[], templateType: string) {
  if (languageTags.length === 0) return undefined;
  const rows = await db
    .selectFrom('email_templates')
    .select(['language_tag', 'details'])
    .where('template_type', '=', templateType)
    .where('language_tag', 'in', [...languageTags])
    .execute();
  for (const tag of languageTags) {
    const row = rows.find((candidate) => candidate.language_tag === tag);
    if (row) return row.details;
  }
  return undefined;
}

/** Inserts each template, or replaces the details of the one of the same language and usage. */
export async function upsertEmailTemplates(
  db: Db,
  templates: readonly { languageTag: string; templateType: string; details: EmailTemplateDetails }[],
) {
  return db.transaction().execute(async (trx) => {
    const rows = [];
    for (const template of templates) {
      rows.push(
        await trx
          .insertInto('email_templates')
          .values({
            id: newId(),
            language_tag: template.languageTag,
            template_type: template.templateType,
            details: json(template.details),
          })
          .onConflict((oc) =>
            oc.columns(['language_tag', 'template_type']).doUpdateSet({ details: json(template.details) }),
          )
          .returning(columns)
          .executeTakeFirstOrThrow(),
      );
    }
    return rows;
  });
}

export async function updateEmailTemplateDetails(db: Db, id: string, details: EmailTemplateDetails) {
  return db
    .updateTable('email_templates')
    .set({ details: json(details) })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteEmailTemplate(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('email_templates').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteEmailTemplates(db: Db, filter: EmailTemplateFilter): Promise<number> {
  let query = db.deleteFrom('email_templates');
  if (filter.languageTag) query = query.where('language_tag', '=', filter.languageTag);
  if (filter.templateType) query = query.where('template_type', '=', filter.templateType);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
