import { operationIdOverrides } from './operation-id-overrides.js';

/**
 * Operation ids for the OpenAPI document, so generated clients get good method names: Logto's
 * scheme (and Logto's names where Logto has the operation, from the override table), derived from
 * the method and the route:
 * - the verb: GET a collection → List, GET one → Get, POST → Create, PUT → Replace,
 *   PATCH → Update, DELETE → Delete;
 * - the nouns: every path segment in PascalCase, singular when a parameter follows it (the item of
 *   a collection), and the last segment singular for a POST (one item created).
 * `GET /users/:userId/roles` → ListUserRoles, `DELETE /users/:userId/roles/:roleId` → DeleteUserRole.
 */

const verbs: Record<string, string> = {
  get: 'Get',
  post: 'Create',
  put: 'Replace',
  patch: 'Update',
  delete: 'Delete',
};

const isParameter = (segment: string) => segment.startsWith(':') || segment.startsWith('{');

function pascal(segment: string): string {
  return segment
    .split(/[-_.]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/** English plural to singular for the nouns of this API (roles, identities, addresses, status). */
export function singular(noun: string): string {
  if (/ies$/.test(noun)) return noun.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(noun)) return noun.replace(/es$/, '');
  if (/[^su]s$/.test(noun)) return noun.slice(0, -1);
  return noun;
}

/** The path under /api with `:name` parameters; the method in lower case. */
export function operationIdFor(method: string, apiPath: string): string {
  const path = apiPath.replace(/\/+$/, '') || '/';
  const override = operationIdOverrides[`${method} ${path}`];
  if (override) return override;
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const forOne = segments.length === 0 || isParameter(last);
  const verb = method === 'get' && !forOne ? 'List' : (verbs[method] ?? pascal(method));
  const nouns = segments.map((segment, index) => {
    if (isParameter(segment)) return '';
    const next = segments[index + 1];
    const isLast = index === segments.length - 1;
    const one = (next !== undefined && isParameter(next)) || (isLast && method === 'post');
    return pascal(one ? singular(segment) : segment);
  });
  return verb + nouns.join('');
}

/** A summary from the operation id when the route gives none: `ListUserRoles` → "List user roles". */
export function summaryFor(operationId: string): string {
  const words = operationId.split(/(?<=[a-z0-9])(?=[A-Z])/);
  return words.map((word, index) => (index === 0 ? word : word.toLowerCase())).join(' ');
}
