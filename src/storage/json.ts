/** Serialises a value for a jsonb column (see `Json` in tables/core.ts). */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
