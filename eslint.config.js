// Rules are errors or off, never warnings (STYLE.md §10).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { webLayersPlugin } from './web/lint/layers.js';
import { serverLayersPlugin } from './server/lint/layers.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'web/dist',
      'dist',
      'data',
      'server/db/migrations',
      'bench/results',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-console': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `toLocaleString` and `new Intl.*Format` build a formatter (the locale's data, resolved) on every call; a list
      // that formats per row spent milliseconds of its first render on it. contracts/intl-format.ts keeps one.
      'no-restricted-properties': [
        'error',
        {
          property: 'toLocaleString',
          message: 'Use formatNumber(), numberFormat() or dateTimeFormat() from contracts/intl-format.ts.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/Format$/]",
          message: 'Use the cached formatters of contracts/intl-format.ts.',
        },
      ],
    },
  },
  {
    // dayjs and the date pickers load with the screens that use them, through the modules that register the
    // German locale (web/i18n/dayjs.ts, web/components/date-inputs.ts).
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/i18n/dayjs.ts', 'web/components/date-inputs.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'dayjs',
              message: 'Import { dayjs } from web/i18n/dayjs.ts: it registers the German locale.',
            },
            {
              name: '@mantine/dates',
              message:
                'Import the date inputs from web/components/date-inputs.ts: it registers the German locale.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web's layers: app → features → kernel, components, api, i18n (web/lint/layers.js).
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'web-layers': webLayersPlugin },
    rules: { 'web-layers/imports': 'error' },
  },
  {
    // The server's layers: contracts ← platform, db ← features, through public modules (server/lint/layers.js).
    files: ['server/**/*.ts', 'contracts/**/*.ts'],
    plugins: { 'server-layers': serverLayersPlugin },
    rules: { 'server-layers/imports': 'error', 'server-layers/tables': 'error' },
  },
  {
    // Test code reads untyped JSON responses on purpose; the assertions are the type check.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'server/test/**/*.ts', 'web/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
