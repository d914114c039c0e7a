import type { Config } from '../config.js';
import type { Db } from '../storage/database.js';
import {
  claimMaintenanceRun,
  deleteDeadOneTimeTokens,
  deleteDeadSubjectTokens,
  deleteExpiredOidcModels,
  deleteFinishedDeliveries,
  deleteOldLogs,
  deleteOldRecordedMessages,
  markMaintenanceRun,
} from './retention.repository.js';

/** Rows removed by one pass, per kind. */
export interface PruneReport {
  oidcModels: number;
  webhookDeliveries: number;
  webhookAttempts: number;
  auditLogs: number;
  subjectTokens: number;
  oneTimeTokens: number;
  recordedMessages: number;
}

const jobName = 'retention';
/** One pass per deployment per hour at most, whichever instance asks first. */
export const retentionIntervalMs = 60 * 60 * 1000;

/** Removes what the retention rules say has expired (see docs/operations.md, "Retention"). */
export async function pruneExpired(db: Db, retention: Config['retention']): Promise<PruneReport> {
  const oidcModels = await deleteExpiredOidcModels(db);
  const deliveries = await deleteFinishedDeliveries(db, retention.webhookDays);
  const auditLogs = await deleteOldLogs(db, retention.logDays);
  const subjectTokens = await deleteDeadSubjectTokens(db);
  const oneTimeTokens = await deleteDeadOneTimeTokens(db);
  const recordedMessages = await deleteOldRecordedMessages(db);
  return {
    oidcModels,
    webhookDeliveries: deliveries.deliveries,
    webhookAttempts: deliveries.attempts,
    auditLogs,
    subjectTokens,
    oneTimeTokens,
    recordedMessages,
  };
}

/** The periodic pass: runs only if no instance of the deployment ran it within the interval. */
export async function pruneIfDue(db: Db, retention: Config['retention']): Promise<PruneReport | null> {
  if (!(await claimMaintenanceRun(db, jobName, retentionIntervalMs))) return null;
  return pruneExpired(db, retention);
}

/** `tessera prune`: a pass now, which also counts as the deployment's periodic one. */
export async function pruneNow(db: Db, retention: Config['retention']): Promise<PruneReport> {
  await markMaintenanceRun(db, jobName);
  return pruneExpired(db, retention);
}
