/** The specification's cap on each delta array of `Organization.Membership.Updated`. */
export const MEMBERSHIP_DELTA_LIMIT = 5000;

export type DeltaField = 'addedUserIds' | 'removedUserIds' | 'addedApplicationIds' | 'removedApplicationIds';

/** What caused the membership change; each trigger may carry only its own delta fields (rule 4). */
export type MembershipTrigger =
  | 'users.add'
  | 'users.replace'
  | 'users.remove'
  | 'applications.add'
  | 'applications.replace'
  | 'applications.remove'
  | 'invitation.accept';

const allowedFields: Record<MembershipTrigger, readonly DeltaField[]> = {
  'users.add': ['addedUserIds'],
  'users.replace': ['addedUserIds', 'removedUserIds'],
  'users.remove': ['removedUserIds'],
  'applications.add': ['addedApplicationIds'],
  'applications.replace': ['addedApplicationIds', 'removedApplicationIds'],
  'applications.remove': ['removedApplicationIds'],
  'invitation.accept': ['addedUserIds'],
};

export type MembershipDelta = Partial<Record<DeltaField, readonly string[]>>;

export type MembershipPayload = { data: null; organizationId: string } & Partial<
  Record<DeltaField, string[]>
>;

/**
 * The event-specific members of `Organization.Membership.Updated`: `data` is always null; an empty
 * delta array is omitted (so a no-op carries no delta field at all); an array is silently cut to
 * its first 5000 entries; a field the trigger cannot produce is never sent.
 */
export function membershipPayload(
  organizationId: string,
  trigger: MembershipTrigger,
  delta: MembershipDelta,
): MembershipPayload {
  const payload: MembershipPayload = { data: null, organizationId };
  for (const field of allowedFields[trigger]) {
    const ids = delta[field];
    if (ids && ids.length > 0) payload[field] = ids.slice(0, MEMBERSHIP_DELTA_LIMIT);
  }
  return payload;
}
