import { insertLogsSql, logRecords } from '../audit/log-batch.js';
import type { LogEntry } from '../audit/write-log.js';
import { systemClock, type Clock } from '../storage/clock.js';
import type { Db } from '../storage/database.js';
import { groupCommit } from '../storage/group-commit.js';
import { json } from '../storage/json.js';
import { jsonRowsFromParameter } from '../storage/json-rows.js';
import { executePrepared } from '../storage/prepared-statement.js';
import { DatabaseUnavailableError } from '../storage/unavailable.js';
import {
  toUserClaimsContext,
  userClaimsContextJson,
  type UserClaimsContext,
  type UserClaimsContextJson,
} from './claims-context.repository.js';

export interface Redemption {
  tokenHash: string;
  resourceId: string;
  /** The requested scope names. */
  scopes: string[];
  /** Read the user's custom-claims script context too (a script is configured). */
  withContext: boolean;
}

export interface ConsumedSubjectToken {
  id: string;
  userId: string;
  context: Record<string, unknown>;
  userSuspended: boolean;
  /** Of the requested scope names, those the user holds on the resource through roles. */
  heldScopes: string[];
  claimsContext?: UserClaimsContext;
}

/*
 * Marks tokens used in one conditional UPDATE, so that of any number of concurrent redemptions
 * (on any instance) exactly one gets the row back. Expiry is judged by the database clock, which
 * every instance shares. The same statement reads each user's state, which of the requested scopes
 * they hold on the resource through roles and, when asked, their custom-claims context; and it
 * appends the audit records of exchanges that have issued their token. So an instance's concurrent
 * exchanges cost one round trip and one commit for all of this, prepared once per connection.
 * ($1: the redemptions, $2: the audit records, each a JSON array; $3: the clock's offset, if any.)
 *
 * The redemptions come through `jsonRowsFromParameter`, so PostgreSQL keeps one generic plan (it
 * planned every run anew, ≈ 0.7 ms, when most tokens were unspent). The audit records' estimate
 * (100) does not matter to the plan of an insert. A scope name never holds a space (the `scope`
 * parameter is split on them): `= ANY` of the split names is a plain condition, where a JSON array
 * of names cost a set-returning function and a hash join per exchange.
 */
const exchangeStatement = (now: string) => `
  WITH wanted AS (
    SELECT r ->> 'token_hash' AS token_hash, r ->> 'resource_id' AS resource_id, r ->> 'scopes' AS scopes,
      (r ->> 'with_context')::boolean AS with_context
    FROM ${jsonRowsFromParameter('$1')} AS r
  ),
  consumed AS (
    UPDATE subject_tokens AS st
    SET consumed_at = ${now}
    FROM users AS u, wanted AS w
    WHERE u.id = st.user_id
      AND st.token_hash = w.token_hash
      AND st.consumed_at IS NULL
      AND st.expires_at > ${now}
    RETURNING st.token_hash, st.id, st.user_id, st.context, u.is_suspended, w.resource_id, w.scopes,
      w.with_context
  ),
  logged AS (${insertLogsSql(2)})
  SELECT c.token_hash, c.id, c.user_id, c.context, c.is_suspended,
    ARRAY(
      SELECT DISTINCT s.name
      FROM users_roles AS ur
      JOIN roles_scopes AS rs ON rs.role_id = ur.role_id
      JOIN scopes AS s ON s.id = rs.scope_id
      WHERE ur.user_id = c.user_id AND s.resource_id = c.resource_id
        AND s.name = ANY (string_to_array(c.scopes, ' '))
    ) AS held_scopes,
    CASE WHEN c.with_context THEN ${userClaimsContextJson('c.user_id')} END AS claims_context
  FROM consumed AS c`;

/** A subject token to consume, or an exchange's audit record to append. */
export type ExchangeWrite = ({ redeem: Redemption } | { log: LogEntry }) & { clock: Clock };

/** The statement's text for each form of the clock's time (one per clock kind, so one per name). */
const statements = new Map<string, string>();

interface ConsumedRow {
  token_hash: string;
  id: string;
  user_id: string;
  context: Record<string, unknown>;
  is_suspended: boolean;
  held_scopes: string[];
  claims_context: UserClaimsContextJson | null;
}

async function writeTogether(db: Db, writes: ExchangeWrite[]): Promise<(ConsumedSubjectToken | undefined)[]> {
  // The same token twice in one group: only its first redemption is sent, the others were too late.
  const first = new Map<string, Redemption>();
  for (const write of writes)
    if ('redeem' in write && !first.has(write.redeem.tokenHash))
      first.set(write.redeem.tokenHash, write.redeem);
  const sent = [...first.values()];
  const logs = writes.flatMap((write) => ('log' in write ? [write.log] : []));
  // One database, so one app and one clock (and one text under the statement's name), per group.
  const now = writes[0]!.clock.sqlNowText('$3');
  let text = statements.get(now.text);
  if (text === undefined) statements.set(now.text, (text = exchangeStatement(now.text)));
  const rows = await executePrepared<ConsumedRow>(db, 'tessera_exchange_writes', text, [
    json(
      sent.map((r) => ({
        token_hash: r.tokenHash,
        resource_id: r.resourceId,
        scopes: r.scopes.join(' '),
        with_context: r.withContext,
      })),
    ),
    logRecords(logs),
    ...now.parameters,
  ]);
  const byHash = new Map(rows.map((row) => [row.token_hash, row]));
  return writes.map((write) => {
    if (!('redeem' in write) || first.get(write.redeem.tokenHash) !== write.redeem) return undefined;
    const row = byHash.get(write.redeem.tokenHash);
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        context: row.context,
        userSuspended: row.is_suspended,
        heldScopes: row.held_scopes,
        claimsContext: row.claims_context ? toUserClaimsContext(row.claims_context) : undefined,
      }
    );
  });
}

/**
 * Each caller waits for its own part's commit. A failed statement is undone whole, so its parts run
 * again alone (one part's failure is never another's), unless the connection failed: then whether
 * it committed is unknown, and running it again could write an audit record twice.
 */
const writeGrouped = groupCommit(writeTogether, {
  maxItems: 256,
  parallel: 2,
  isolateFailures: (error) => !(error instanceof DatabaseUnavailableError),
});

export function consumeSubjectToken(
  db: Db,
  redemption: Redemption,
  clock: Clock = systemClock,
): Promise<ConsumedSubjectToken | undefined> {
  return writeGrouped(db, { redeem: redemption, clock });
}

/** Appends an exchange's audit record with the next group of consumes; resolves once it is committed. */
export async function logExchange(db: Db, entry: LogEntry, clock: Clock = systemClock): Promise<void> {
  await writeGrouped(db, { log: entry, clock });
}
