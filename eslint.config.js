import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint with zero warnings. The `no-restricted-imports` blocks enforce the one-way import rule of
 * STYLE.md: contract <- lib <- ui <- features <- routes, the server sees only src/contract, and
 * the browser code and the service worker see nothing of the server. Imports are relative, so the
 * patterns match folder names inside the import path. A file takes only the last block whose
 * `files` match it, so each block lists all of its restrictions.
 *
 * @param {{ group?: string[]; regex?: string; message: string }[]} patterns
 * @returns {import('eslint').Linter.RulesRecord}
 */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const noServer = {
  regex: '^(\\.\\./)+server(/|$)',
  message: 'Browser code and the service worker import nothing from server/.',
};
/** main.tsx and router.tsx wire the routes: below them, nothing imports them. */
const noAppWiring = {
  regex: '^(\\.\\./)+(main|router)$',
  message: 'Only the entry point imports src/main and src/router.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      '.tmp',
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
  // Accessibility of the markup (labels, roles, keyboard access), the static half of what the
  // axe run of tests/e2e/accessibility.spec.ts checks in the browser.
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region (a long text, a JSON dump) must be focusable so the keyboard can
      // scroll it (axe: scrollable-region-focusable); it then carries role="region" and a name.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  // Endless animations run only where the system allows motion (`motion-safe:`): a spinner on
  // an operator's idle screen otherwise turns for hours, against a reduced-motion setting.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: [
            'Literal[value=/(^|\\s)animate-(spin|pulse|ping|bounce)/]',
            'TemplateElement[value.raw=/(^|\\s)animate-(spin|pulse|ping|bounce)/]',
          ].join(', '),
          message: 'Prefix endless animations with motion-safe: (motion-safe:animate-spin).',
        },
      ],
    },
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
    files: ['src/**/*.{ts,tsx}'],
    rules: restrict([noServer]),
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: restrict([
      {
        // The folder is flat: its files import each other and packages, nothing above.
        regex: '^\\.\\./',
        message: 'src/contract imports nothing from the rest of src/ or from server/.',
      },
      {
        group: ['react', 'react-dom', 'node:*'],
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
      noAppWiring,
      noServer,
    ]),
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['**/features/**', '**/routes/**'],
        message: 'src/ui is shared by every screen: it must not import features or routes.',
      },
      noAppWiring,
      noServer,
    ]),
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: restrict([
      { group: ['**/routes/**'], message: 'Features must not import routes.' },
      noAppWiring,
      noServer,
    ]),
  },
  {
    files: ['sw/**/*.ts'],
    rules: restrict([noServer]),
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'server/cli/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
