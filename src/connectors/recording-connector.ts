import type { Db } from '../storage/database.js';
import type { MessageConnector } from './message-connector.js';
import { insertRecordedMessage } from './recorded-messages.repository.js';

/**
 * The development connector: delivers nothing, records every message (code included) in the
 * database, readable through `GET /api/messages`. It is what e-mail uses without SMTP settings and
 * what phone codes always use, as no SMS connector is built in.
 */
export function createRecordingConnector(db: Db): MessageConnector {
  return {
    name: 'recording',
    send: (message) => insertRecordedMessage(db, message),
  };
}
