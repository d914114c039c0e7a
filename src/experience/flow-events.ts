import type { Transaction } from 'kysely';
import type { EventSink } from '../webhooks/mutation.js';
import { provisionByEmail, provisionByIds } from '../organizations/jit.service.js';
import type { Database } from '../storage/schema.js';
import type { UserEntity } from '../webhooks/entities.js';
import { toApplicationEntity } from '../webhooks/entities.js';
import type { PendingEvent } from '../webhooks/payload.js';
import type { findApplication } from './accounts.repository.js';

type Application = Awaited<ReturnType<typeof findApplication>>;

/** Collects the events of one submit; they are written together, in order, with one context. */
export class FlowEvents implements EventSink {
  readonly pending: PendingEvent[] = [];

  emit(event: PendingEvent['event'], payload: Record<string, unknown>): void {
    this.pending.push({ event, payload });
  }

  /** PostSignIn, PostRegister or PostResetPassword: the user-flow members besides the context. */
  userFlow(
    event: 'PostSignIn' | 'PostRegister' | 'PostResetPassword',
    userId: string,
    user: UserEntity | undefined,
    application: Application,
  ): void {
    this.emit(event, {
      userId,
      ...(user ? { user } : {}),
      ...(application ? { application: toApplicationEntity(application) } : {}),
    });
  }

  /** JIT provisioning for each verified e-mail address of the user. */
  async provision(trx: Transaction<Database>, userId: string, emails: readonly string[]): Promise<void> {
    for (const email of new Set(emails)) this.pending.push(...(await provisionByEmail(trx, userId, email)));
  }

  /** The organizations a one-time token named (`context.jitOrganizationIds`). */
  async join(trx: Transaction<Database>, userId: string, organizationIds: readonly string[]): Promise<void> {
    this.pending.push(...(await provisionByIds(trx, userId, organizationIds)));
  }
}
