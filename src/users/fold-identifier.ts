/**
 * The one case-insensitive form of a username or e-mail address, computed here and nowhere else:
 * Unicode NFKC (full-width and compatibility letters become their plain forms), then JavaScript's
 * full lower-casing. Lookups compare it with `lower(column)` (the unique indexes) and never fold
 * the input in SQL, whose `lower()` disagrees with JavaScript on letters such as `İ` (U+0130).
 */
export function foldIdentifierText(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}
