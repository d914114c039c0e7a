import js from '@eslint/js';
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
  {
    files: ['bin/**', 'scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
