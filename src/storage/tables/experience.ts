/** Tables of the experience domain. */
export interface ExperienceTables {}
