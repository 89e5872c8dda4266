// ESLint flat config: typescript-eslint's recommended rules on TypeScript (its type-checked ones on src),
// rules on the JavaScript scripts, and the layer rules that keep the architecture readable.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports a layer must not make; `allowTypeImports` lets `import type` through where set. */
const restrict = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

/** The same arrows for `import()`, which no-restricted-imports does not see: a source matching `regex` (esquery). */
const restrictDynamic = (regex, message) => ({
  'no-restricted-syntax': ['error', { selector: `ImportExpression[source.value=${regex}]`, message }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**', 'test/fixtures/**', 'examples/**', 'assets/**'] },
  js.configs.recommended,
  {
    rules: {
      // docket escapes and strips control characters of untrusted text on purpose.
      'no-control-regex': 'off',
      'no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // Type-aware rules on the shipped code only: on the tests (JSON parsed from outputs, checked
  // against the schemas) they mostly flag `any`, and they would double the lint time.
  {
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Option interfaces declare their callbacks in method syntax and callers pass arrow
      // functions: the rule cannot tell those from methods that use `this`.
      '@typescript-eslint/unbound-method': 'off',
      // Some async functions keep a Promise API that is synchronous inside today.
      '@typescript-eslint/require-await': 'off',
      // `String(x)` of scalars already told apart from objects in parsed YAML/JSON (typed unknown).
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  // Tests read JSON printed by the CLI (its shape is checked against schemas/): `any` is fine there.
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Unit tests import src/ and need no build (CONTRIBUTING.md, "Set up and run"): a test that
  // runs the CLI or reads dist/ belongs in test/commands/.
  {
    files: ['test/unit/**/*.ts'],
    rules: {
      ...restrict([
        { regex: '(^|/)(dist|bin)/', message: 'A unit test imports src/, never the build (dist/) or bin/: move it to test/commands/.' },
        {
          group: ['**/helpers/cli.js'],
          importNames: ['docket', 'docketBin', 'BIN'],
          message: 'A unit test does not run the CLI (it needs a build): move it to test/commands/.',
        },
      ]),
      ...restrictDynamic('/(^|\\/)(dist|bin)\\//', 'A unit test never loads the build (dist/) or bin/: move it to test/commands/.'),
    },
  },
  // Layers (CONTRIBUTING.md): core is the domain, without oclif and without printing code.
  {
    files: ['src/core/**/*.ts'],
    rules: {
      ...restrict([
        { group: ['@oclif/*'], message: 'src/core is the domain: no oclif (commands and src/cli wrap it).' },
        { regex: '^(\\.\\./)+(cli|commands|lib)(/|$)', message: 'src/core must not import src/cli, src/commands or src/lib.' },
        {
          regex: '^(\\.\\./)+contract/',
          allowTypeImports: true,
          message: 'src/core takes only types from src/contract (the JSON shapes of its results), never its code.',
        },
      ]),
      ...restrictDynamic(
        '/^(@oclif\\/|(\\.\\.\\/)+(cli|commands|lib)\\/)/',
        'src/core must not load oclif, src/cli, src/commands or src/lib, not even lazily.',
      ),
    },
  },
  // The client library sees only the contract (envelope and per-command data).
  {
    files: ['src/lib/**/*.ts'],
    rules: {
      ...restrict([
        { regex: '^(\\.\\./)+(?!contract/)[^./]', message: 'src/lib imports only src/contract (the envelope and per-command data types).' },
        { group: ['@oclif/*'], message: 'src/lib is the client library: no oclif.' },
      ]),
      ...restrictDynamic('/^(@oclif\\/|\\.\\.\\/(?!contract\\/))/', 'src/lib loads only src/contract, not even lazily.'),
    },
  },
  // The contract owns the JSON shapes (envelope and per-command data): it depends on nothing else
  // in src, not even on core's types, so the client library's declarations stay inside it.
  {
    files: ['src/contract/*.ts'],
    rules: {
      ...restrict([
        { regex: '^\\.\\./', message: 'src/contract imports only itself: define the type here and let core import it.' },
        { group: ['@oclif/*'], message: 'src/contract: no oclif.' },
      ]),
      ...restrictDynamic('/^(@oclif\\/|\\.\\.\\/)/', 'src/contract loads nothing outside itself.'),
    },
  },
  {
    files: ['src/contract/*/**/*.ts'],
    rules: {
      ...restrict([
        { regex: '^(\\.\\./){2,}', message: 'src/contract imports only itself: define the type here and let core import it.' },
        { group: ['@oclif/*'], message: 'src/contract: no oclif.' },
      ]),
      ...restrictDynamic('/^(@oclif\\/|(\\.\\.\\/){2,})/', 'src/contract loads nothing outside itself.'),
    },
  },
);
