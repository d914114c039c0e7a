import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface HooksTable {
  id: string;
  name: string;
  events: string[];
  url: string;
  headers: JSONColumnType<Record<string, string>>;
  signing_key: string;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** pending | delivered | retrying | failed | disabled (see webhooks/delivery-state.ts). */
export type DeliveryStatus = 'pending' | 'delivered' | 'retrying' | 'failed' | 'disabled';

export interface HookDeliveriesTable {
  /** `msg_...`; also the `webhook-id` header, stable across retries. */
  id: string;
  hook_id: string;
  event: string;
  body: string;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  schedule_base: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  lease_expires_at: Date | null;
  /** The instance holding the lease (see `instances`); null when the row is not leased. */
  leased_by: string | null;
  last_status_code: number | null;
  last_error: string | null;
  /** Every attempt, oldest first; appended by the statement that records it. */
  attempt_history: ColumnType<StoredAttempt[], never, never>;
  /** The W3C `traceparent` of the request that wrote the row, when traced. */
  trace_parent: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One element of `attempt_history`; times in epoch milliseconds. */
export interface StoredAttempt {
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  next_attempt_at: number | null;
  created_at: number;
}

/** Tables of the webhooks domain. */
export interface WebhooksTables {
  hooks: HooksTable;
  hook_deliveries: HookDeliveriesTable;
}
