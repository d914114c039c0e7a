import type { Db } from '../storage/database.js';
import { apiError } from '../http/error-registry.js';
import {
  accountCenter,
  defaultAccountCenter,
  type AccountCenter,
  type AccountCenterPatch,
  type AccountField,
} from './account-center.schemas.js';
import { findAccountCenter, saveAccountCenter } from './account-center.repository.js';

/** The stored settings over the defaults; read on every Account API request, so a change applies at once. */
export async function loadAccountCenter(db: Db): Promise<AccountCenter> {
  const row = await findAccountCenter(db);
  if (!row) return defaultAccountCenter;
  return accountCenter.parse({
    id: defaultAccountCenter.id,
    enabled: row.enabled,
    fields: row.fields,
    webauthnRelatedOrigins: row.webauthn_related_origins,
  });
}

/** `fields` merge member by member (a member left out keeps its value); the rest replaces. */
export async function patchAccountCenter(db: Db, patch: AccountCenterPatch): Promise<AccountCenter> {
  const current = await loadAccountCenter(db);
  const next: AccountCenter = {
    id: current.id,
    enabled: patch.enabled ?? current.enabled,
    fields: { ...current.fields, ...stripUndefined(patch.fields ?? {}) },
    webauthnRelatedOrigins: patch.webauthnRelatedOrigins ?? current.webauthnRelatedOrigins,
  };
  await saveAccountCenter(db, next);
  return next;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The Account API answers only while the account center is enabled (Logto: 400 `account_center.not_enabled`). */
export function assertAccountCenterEnabled(settings: AccountCenter): void {
  if (!settings.enabled) throw apiError('account_center.not_enabled');
}

export const canRead = (settings: AccountCenter, field: AccountField): boolean =>
  settings.fields[field] === 'ReadOnly' || settings.fields[field] === 'Edit';

export const canEdit = (settings: AccountCenter, field: AccountField): boolean =>
  settings.fields[field] === 'Edit';

/** A change of a field the operator left at Off or ReadOnly is refused (Logto's codes). */
export function assertFieldAccess(
  settings: AccountCenter,
  field: AccountField,
  access: 'read' | 'edit',
): void {
  if (access === 'edit' && !canEdit(settings, field)) throw apiError('account_center.field_not_editable');
  if (access === 'read' && !canRead(settings, field)) throw apiError('account_center.field_not_enabled');
}
