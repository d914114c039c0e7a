import type { ColumnType, JSONColumnType } from 'kysely';

export interface EmailTemplateDetails {
  subject: string;
  content: string;
  contentType?: 'text/plain' | 'text/html';
  replyTo?: string;
  sendFrom?: string;
}

export interface EmailTemplatesTable {
  id: string;
  language_tag: string;
  template_type: string;
  details: JSONColumnType<EmailTemplateDetails>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface EmailTemplatesTables {
  email_templates: EmailTemplatesTable;
}
