// The import rules of Tessera (docs/architecture.md, "Layers and rules"), checked by `npm run lint:deps`.

/**
 * The server's layers, lowest first. An import points down or stays in its own layer, never up.
 * A file belongs to the layer of the first `files` pattern it matches, else to its folder's layer:
 * folders that hold two layers (repositories and routes) are split by file name.
 */
export const layers = [
  {
    name: 'ground',
    folders: ['storage', 'http'],
    files: [
      'src/(config|services)\\.ts',
      'src/operations/(logger|metrics|spans|trace-parent)\\.ts',
      // The signing-key ring and the outbox hand-off are part of `Services`, which everything uses;
      // `mutate` writes rows and their events in one transaction.
      'src/oidc/(key-ring|signing-keys|signing-keys\\.repository|token-lifetimes)\\.ts',
      'src/webhooks/(event-names|entities|payload|outbox|mutation|deliveries|deliveries\\.repository)\\.ts',
      // Error codes, on their way into one registry in http/.
      'src/[^/]+/errors\\.ts',
      'src/oidc/error-codes\\.ts',
    ],
  },
  {
    name: 'entities',
    folders: ['users', 'organizations', 'management', 'audit', 'sign-in-experience', 'custom-profile-fields'],
  },
  {
    name: 'capabilities',
    folders: ['messages', 'lockout', 'webhooks', 'mfa', 'connectors', 'sandbox', 'retention'],
  },
  {
    name: 'flows',
    folders: ['experience', 'account', 'impersonation', 'social', 'sso', 'oidc'],
    // The second factor's steps in the sign-in and the Account API.
    files: [
      'src/mfa/(experience-step|submit-mfa|challenge\\.service|binding\\.service|account-mfa\\.service|account-webauthn)\\.ts',
    ],
  },
  {
    name: 'surfaces',
    folders: ['hosted', 'web', 'console', 'operations'],
    files: ['src/.+\\.routes\\.ts', 'src/(management|experience)/routes\\.ts', 'src/oidc/oidc-mount\\.ts'],
  },
  { name: 'top', folders: ['cli'], files: ['src/(app|service|cli)\\.ts', 'src/.+\\.command\\.ts'] },
];

const anyOf = (patterns) => `(?:${patterns.join('|')})`;
const allFiles = layers.flatMap((layer) => layer.files ?? []);

/** The regular expression of the source paths in one layer. */
export function layerPath(layer) {
  const alternatives = [];
  if (layer.files) alternatives.push(`${anyOf(layer.files)}$`);
  if (layer.folders) alternatives.push(`(?!${anyOf(allFiles)}$)src/${anyOf(layer.folders)}/`);
  return `^${anyOf(alternatives)}`;
}

const upwardImports = layers.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer.name}`,
  comment: `${layer.name} imports its own layer and the ones below, never ${layers
    .slice(index + 1)
    .map((above) => above.name)
    .join(', ')}`,
  severity: 'error',
  from: { path: layerPath(layer) },
  to: { path: anyOf(layers.slice(index + 1).map(layerPath)) },
}));

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'layer-unassigned',
      comment: 'Every server source file belongs to a layer: add its folder to `layers`.',
      severity: 'error',
      from: { path: '^src/', pathNot: anyOf(layers.map(layerPath)) },
      to: {},
    },
    ...upwardImports,
    {
      name: 'web-shared-below-apps',
      comment:
        'web-shared/ is what the console, the hosted pages and the account center share: it imports none.',
      severity: 'error',
      from: { path: '^web-shared/' },
      to: { path: '^(console|hosted|account)/' },
    },
    {
      name: 'console-apart-from-hosted',
      comment: 'The console and the hosted pages share code only through web-shared/.',
      severity: 'error',
      from: { path: '^console/' },
      to: { path: '^(hosted|account)/' },
    },
    {
      name: 'hosted-apart-from-console',
      comment: 'The console and the hosted pages share code only through web-shared/.',
      severity: 'error',
      from: { path: '^hosted/' },
      to: { path: '^(console|account)/' },
    },
    {
      name: 'account-apart-from-the-others',
      comment:
        'The account center is a client of the Account API like any page: it shares code only through web-shared/.',
      severity: 'error',
      from: { path: '^account/' },
      to: { path: '^(console|hosted)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules)/' },
    // Type-only imports tie modules together as much as runtime ones do.
    tsPreCompilationDeps: true,
    // The front end's `@shared` alias; the server's relative imports resolve the same under either tsconfig.
    tsConfig: { fileName: 'tsconfig.web.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'] },
  },
};
