import type { Db } from '../storage/database.js';
import { groupCommit } from '../storage/group-commit.js';
import {
  insertSubjectTokensWithLogs,
  type IssueResult,
  type SubjectTokenIssue,
} from './subject-token-issue.repository.js';

type Outcome = IssueResult | { failed: unknown };

/*
 * Should a group's statement fail (a user deleted between its read and the insert's foreign-key
 * check fails the whole statement), its tokens are stored again one by one, so one token's
 * failure is never another's.
 */
async function insertAlone(db: Db, issue: SubjectTokenIssue): Promise<Outcome> {
  try {
    const [result] = await insertSubjectTokensWithLogs(db, [issue]);
    return result!;
  } catch (error) {
    return { failed: error };
  }
}

async function insertGroup(db: Db, issues: SubjectTokenIssue[]): Promise<Outcome[]> {
  try {
    return await insertSubjectTokensWithLogs(db, issues);
  } catch (error) {
    if (issues.length === 1) return [{ failed: error }];
    return Promise.all(issues.map((issue) => insertAlone(db, issue)));
  }
}

const grouped = groupCommit(insertGroup, { maxItems: 64, parallel: 4 });

/**
 * Stores a token and its audit record with the others issued at the same moment: one statement
 * and one commit for the group, so the round trip, planning and commit are paid once per group.
 */
export async function storeInGroup(db: Db, issue: SubjectTokenIssue): Promise<IssueResult> {
  const outcome = await grouped(db, issue);
  if (typeof outcome === 'object') throw outcome.failed;
  return outcome;
}
