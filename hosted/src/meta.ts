/** What the server put in the page's <meta name="tessera-…"> tags (data, not script). */
export function meta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="tessera-${name}"]`)?.content || undefined;
}
