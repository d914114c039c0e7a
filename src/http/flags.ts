/** Logto's truthy query flags (`showFeatured`, `includeSsoIdentities`, …): these values, any case. */
export const isYes = (value: string | undefined): boolean =>
  ['1', 'true', 'yes', 'y'].includes(value?.toLowerCase() ?? '');
