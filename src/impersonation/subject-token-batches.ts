import type { Db } from '../storage/database.js';
import {
  insertSubjectTokensWithLogs,
  type IssueResult,
  type SubjectTokenIssue,
} from './subject-token-issue.repository.js';

const maxInFlight = 4;
const maxBatch = 64;

interface Waiting {
  issue: SubjectTokenIssue;
  resolve: (result: IssueResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for issued subject tokens: a token asked for while the database is busy with
 * others waits for the statement after, which stores every token that waited meanwhile. Alone,
 * a token is written at once; under load, a few statements in flight carry all the tokens, so
 * the per-statement work (a round trip, planning, a commit) is paid once per batch. Should a
 * batch fail, its tokens are retried one by one, so one token's failure is never another's.
 */
function subjectTokenBatches(db: Db): (issue: SubjectTokenIssue) => Promise<IssueResult> {
  let waiting: Waiting[] = [];
  let inFlight = 0;

  const write = async (batch: Waiting[]): Promise<void> => {
    try {
      const results = await insertSubjectTokensWithLogs(
        db,
        batch.map((entry) => entry.issue),
      );
      batch.forEach((entry, i) => entry.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else await Promise.all(batch.map((entry) => write([entry])));
    }
  };

  const flush = (): void => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      inFlight++;
      void write(batch).finally(() => {
        inFlight--;
        flush();
      });
    }
  };

  return (issue) =>
    new Promise<IssueResult>((resolve, reject) => {
      waiting.push({ issue, resolve, reject });
      flush();
    });
}

const batchesByDb = new WeakMap<Db, (issue: SubjectTokenIssue) => Promise<IssueResult>>();

/** Stores a token and its audit record with the others issued at the same moment. */
export function storeInBatch(db: Db, issue: SubjectTokenIssue): Promise<IssueResult> {
  let batches = batchesByDb.get(db);
  if (!batches) batchesByDb.set(db, (batches = subjectTokenBatches(db)));
  return batches(issue);
}
