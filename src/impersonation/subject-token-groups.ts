import { groupCommit } from '../storage/group-commit.js';
import { insertSubjectTokensWithLogs } from './subject-token-issue.repository.js';

/**
 * Stores a token and its audit record with the others issued at the same moment: one statement
 * and one commit for the group, so the round trip, planning and commit are paid once per group.
 * A user deleted between the statement's read and its foreign-key check fails the whole statement,
 * so a failed group's tokens are stored again one by one.
 */
export const storeInGroup = groupCommit(insertSubjectTokensWithLogs, {
  maxItems: 64,
  parallel: 4,
  isolateFailures: true,
});
