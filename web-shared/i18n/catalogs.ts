import type { Resource, ResourceLanguage } from 'i18next';

/**
 * i18next resources from `import.meta.glob('./locales/*\/*.json', { eager: true })`: one folder per
 * language, one file per namespace (a feature's words), so a new feature adds files, not lines to
 * a shared one.
 */
export function catalogsFromFiles(files: Record<string, { default: ResourceLanguage[string] }>): Resource {
  const resources: Resource = {};
  for (const [file, module] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    (resources[language] ??= {})[namespace] = module.default;
  }
  return resources;
}
