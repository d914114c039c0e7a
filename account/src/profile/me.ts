/** The signed-in user as GET /api/my-account answers (members the operator hides are absent). */
export interface Me {
  id?: string;
  name?: string | null;
  username?: string | null;
  avatar?: string | null;
  primaryEmail?: string | null;
  primaryPhone?: string | null;
  hasPassword?: boolean;
  /** Social identities by connector target. */
  identities?: Record<string, { userId: string; details?: Record<string, unknown> }>;
}
