/** The API's `search` is a LIKE pattern (as Logto's): the console's search boxes find substrings. */
export function substringSearch(term: string): string | undefined {
  return term ? `%${term}%` : undefined;
}
