import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';

// Every shipped language is complete: each catalog (`<app>/src/locales/<language>/<namespace>.json`)
// has exactly English's keys, a plural in every form the language's rules use, and the same
// {{placeholders}}. Plain files, no server: the cheapest tier that proves it.
const apps = ['hosted', 'console', 'account'];
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

type Catalog = Map<string, string>;

async function shippedLanguages(): Promise<string[]> {
  const source = await readFile('web-shared/i18n/languages.ts', 'utf8');
  const list = /shippedLanguages = \[([^\]]+)\]/.exec(source)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

function flatten(tree: unknown, prefix = '', into: Catalog = new Map()): Catalog {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, name, into);
    else into.set(name, String(value));
  }
  return into;
}

async function catalogsOf(app: string): Promise<Map<string, Map<string, Catalog>>> {
  const root = path.join(app, 'src', 'locales');
  const byLanguage = new Map<string, Map<string, Catalog>>();
  for (const language of await readdir(root)) {
    const namespaces = new Map<string, Catalog>();
    for (const file of (await readdir(path.join(root, language))).filter((name) => name.endsWith('.json')))
      namespaces.set(
        file.slice(0, -5),
        flatten(JSON.parse(await readFile(path.join(root, language, file), 'utf8'))),
      );
    byLanguage.set(language, namespaces);
  }
  return byLanguage;
}

/** Base keys (plural suffixes removed) with the placeholders their English text uses. */
function shape(catalog: Catalog): Map<string, string> {
  const placeholders = (text: string) =>
    [...text.matchAll(/\{\{(\w+)\}\}/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
  return new Map([...catalog].map(([key, text]) => [key.replace(pluralSuffix, ''), placeholders(text)]));
}

function problems(language: string, english: Catalog, catalog: Catalog): string[] {
  const found: string[] = [];
  const expected = shape(english);
  const actual = shape(catalog);
  for (const key of expected.keys()) if (!actual.has(key)) found.push(`missing ${key}`);
  for (const key of actual.keys()) if (!expected.has(key)) found.push(`extra ${key}`);
  for (const [key, text] of catalog) {
    if (!text.trim()) found.push(`empty ${key}`);
    const base = key.replace(pluralSuffix, '');
    const placeholders = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
    const allowed = new Set([...(expected.get(base)?.split(',') ?? []), 'count']);
    for (const name of placeholders) if (!allowed.has(name!)) found.push(`unknown {{${name}}} in ${key}`);
  }
  const plurals = new Set(
    [...english.keys()].filter((key) => pluralSuffix.test(key)).map((key) => key.replace(pluralSuffix, '')),
  );
  for (const base of plurals) {
    for (const form of new Intl.PluralRules(language).resolvedOptions().pluralCategories)
      if (!catalog.has(`${base}_${form}`)) found.push(`missing ${base}_${form}`);
  }
  return found;
}

describe('translation catalogs', async () => {
  const languages = await shippedLanguages();

  it('names the seven languages the issue asks for', () => {
    assert.deepEqual([...languages].sort(), ['de', 'en', 'es', 'fr', 'ja', 'pt-BR', 'zh-CN']);
  });

  for (const app of apps) {
    it(`${app}: every shipped language has every namespace and key of English, and no other`, async () => {
      const catalogs = await catalogsOf(app);
      assert.deepEqual([...catalogs.keys()].sort(), [...languages].sort(), `${app}: language folders`);
      const english = catalogs.get('en')!;
      assert.ok(english.size > 0, `${app}: no English catalogs`);
      const report: string[] = [];
      for (const language of languages) {
        const namespaces = catalogs.get(language)!;
        for (const namespace of english.keys())
          if (!namespaces.has(namespace)) report.push(`${language}/${namespace}.json is missing`);
        for (const namespace of namespaces.keys())
          if (!english.has(namespace)) report.push(`${language}/${namespace}.json has no English`);
        for (const [namespace, catalog] of namespaces) {
          if (!english.has(namespace)) continue;
          const found = problems(language, english.get(namespace)!, catalog);
          report.push(...found.map((problem) => `${language}/${namespace}: ${problem}`));
        }
      }
      assert.deepEqual(report, [], `${app} catalogs`);
    });

    it(`${app}: every key the code names literally is in English`, async () => {
      const english = (await catalogsOf(app)).get('en')!;
      const has = (namespace: string, key: string) =>
        [key, `${key}_one`, `${key}_other`].some((name) => english.get(namespace)?.has(name));
      const unknown: string[] = [];
      for (const file of await sourcesOf(path.join(app, 'src'))) {
        const source = await readFile(file, 'utf8');
        const fileNamespace = /useTranslation\('([^']+)'\)/.exec(source)?.[1] ?? '';
        for (const match of source.matchAll(/\bt\(\s*'([^']+)'|i18nKey="([^"]+)"/g)) {
          const key = (match[1] ?? match[2])!;
          const [namespace, name] = key.includes(':') ? key.split(':') : [fileNamespace, key];
          if (!has(namespace!, name!)) unknown.push(`${file}: ${key}`);
        }
      }
      assert.deepEqual(unknown, [], `${app}: keys without an English text`);
    });
  }
});

async function sourcesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
