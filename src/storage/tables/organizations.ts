/** Tables of the organizations domain. */
export interface OrganizationsTables {}
