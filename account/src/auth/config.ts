import { createApiClient, unwrap } from '@shared/api/client';

export type AccountConfig = Awaited<ReturnType<typeof loadConfig>>;
export type AccountFields = AccountConfig['fields'];
export type ControlValue = NonNullable<AccountFields['name']>;

/** How the page signs in and what the operator shows; public, read before anyone signs in. */
export function loadConfig() {
  return unwrap(createApiClient().GET('/api/account/config'));
}

export const shown = (value: ControlValue | undefined) => value === 'ReadOnly' || value === 'Edit';
export const editable = (value: ControlValue | undefined) => value === 'Edit';
