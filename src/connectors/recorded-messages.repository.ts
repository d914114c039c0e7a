import type { Db } from '../storage/database.js';
import { newId } from '../storage/ids.js';
import { pageWithTotal } from '../storage/paging.js';
import { json } from '../storage/json.js';
import { templatePayload, type OutgoingMessage } from './message-connector.js';

export async function insertRecordedMessage(db: Db, message: OutgoingMessage): Promise<void> {
  await db
    .insertInto('recorded_messages')
    .values({
      id: newId(),
      channel: message.channel,
      recipient: message.recipient,
      purpose: message.purpose,
      subject: message.subject,
      content: message.content,
      code: message.code || null,
      payload: json(templatePayload(message)),
    })
    .execute();
}

export async function listRecordedMessages(
  db: Db,
  recipient: string | undefined,
  { limit, offset }: { limit: number; offset: number },
) {
  let query = db.selectFrom('recorded_messages');
  if (recipient) query = query.where('recipient', '=', recipient);
  return pageWithTotal(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'), {
    limit,
    offset,
  });
}
