/** Tables of the impersonation domain. */
export interface ImpersonationTables {}
