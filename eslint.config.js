import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint with zero warnings. The `no-restricted-imports` blocks enforce the one-way import rule of
 * STYLE.md: contract <- lib <- ui <- features <- routes, and the server sees only src/contract.
 */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      '**/*.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([
      {
        group: [
          '**/src/*',
          '!**/src/contract',
          '**/src/lib/**',
          '**/src/features/**',
          '**/src/routes/**',
        ],
        message: 'The server imports only src/contract from the browser code.',
      },
    ]),
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: restrict([
      {
        group: ['react', 'react-dom', 'node:*', '../lib/**', '../features/**', '../routes/**'],
        message: 'src/contract is shared by browser and server: no DOM, Node or app imports.',
      },
    ]),
  },
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['**/features/**', '**/routes/**'],
        message: 'src/lib must not import features or routes.',
      },
    ]),
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['**/features/**', '**/routes/**'],
        message: 'src/ui is shared by every screen: it must not import features or routes.',
      },
    ]),
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['**/routes/**'], message: 'Features must not import routes.' }]),
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'server/cli/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
