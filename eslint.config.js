import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'coverage/', '.tessera-scratch*/', '.tessera-test/'] },
  // The console and hosted pages (React components) are linted like the server.
  { files: ['**/*.ts', '**/*.tsx'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  // What the hosted pages and the console's chrome show goes through i18next: no words in markup.
  {
    files: [
      'hosted/src/**/*.tsx',
      'console/src/App.tsx',
      'console/src/ui/Layout.tsx',
      'console/src/ui/LanguageMenu.tsx',
      'console/src/auth/SetupPage.tsx',
      'console/src/auth/SignedOutPage.tsx',
    ],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXAttribute[name.name=/^(label|hint|title|alt|placeholder|aria-label|aria-description)$/] > Literal[value=/\\S/]',
          message: 'Words a person reads or hears go through t(), not a literal.',
        },
      ],
    },
  },
  {
    files: ['bin/**', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
