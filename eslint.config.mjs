// One lint for the whole repository (`npm run lint`).
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const areas = ['account', 'health', 'incentives', 'myna', 'admin'];
// The bff's and the contract's areas (README, "Layout"): each stands on the platform alone.
// `operators` is not among them yet: every area's operator calls take their shared fields from
// contract/src/operators/shared.ts, which belongs in contract/src/fields/ (left for later; the
// field builders are a browser module of their own since decision 0036, so it could move there).
const serverAreas = ['account', 'health', 'incentives', 'system', 'myna', 'content'];

/** mf-shared (both its modules) imports no area and nothing of the bff. */
const BELOW_EVERY_AREA = {
  group: ['@sukoyaka/account', '@sukoyaka/health', '@sukoyaka/incentives', '@sukoyaka/myna', '@sukoyaka/admin', '**/bff/**'],
  message: 'mf-shared stands below every area.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      '**/.data/**',
      'e2e/artifacts/**',
      'coverage/**',
      'bff/drizzle/**',
      'bff/test/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  // No import cycles in any package (nor across the workspace packages); what lies under
  // node_modules is not followed, which keeps lint time reasonable.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The bff's platform (who may call: routing, sessions, CSRF, conditions, step-up, audit) never
  // imports an area; an area imports the platform and shared infrastructure, never another area.
  // The contract's area folders keep the same rule among themselves.
  {
    files: ['bff/src/**/*.ts', 'contract/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './bff/src/platform',
              from: serverAreas.map((area) => `./bff/src/${area}`),
              message: 'The platform never imports an area: pass what it needs in from app.ts.',
            },
            ...['bff/src', 'contract/src'].flatMap((root) =>
              serverAreas.map((area) => ({
                target: `./${root}/${area}`,
                from: serverAreas.filter((other) => other !== area).map((other) => `./${root}/${other}`),
                message: 'Areas never import each other: move what both need into the platform.',
              })),
            ),
          ],
        },
      ],
    },
  },
  // The local fakes and the benchmarks are development packages, never in the production image
  // (issue 26): production code does not import them. The bff loads the fakes at run time, outside
  // production only, when a service has no address (bff/src/dev/fakes.ts: a dynamic import; their
  // types may be named). The front end has no use for either.
  ...[
    { files: ['bff/src/**/*.ts'], allowTypeImports: true },
    { files: ['mf-*/src/**/*.{ts,tsx}'], allowTypeImports: false },
  ].map(({ files, allowTypeImports }) => ({
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sukoyaka/fakes', '@sukoyaka/fakes/**', '**/fakes/src', '**/fakes/src/**'],
              allowTypeImports,
              message:
                'The local fakes are a development package: the bff loads them at run time (bff/src/dev/fakes.ts), never statically.',
            },
            {
              group: ['@sukoyaka/bench', '@sukoyaka/bench/**', '**/bench/src', '**/bench/src/**'],
              message: 'The benchmarks are a development package: production code never imports them.',
            },
          ],
        },
      ],
    },
  })),
  // Services take the platform's Actor (platform/actor.ts), never the raw request or reply: only the
  // platform handles HTTP. web/ is the page server itself (it negotiates encodings, reads the
  // session for a page and sends it).
  {
    files: ['bff/src/**/*.ts'],
    ignores: ['bff/src/platform/**', 'bff/src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest', 'FastifyReply'],
              message: 'Services take the Actor of platform/actor.ts (the handler context carries it), not the request or reply.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'mf-*/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Areas import from @sukoyaka/shared and @sukoyaka/contract only, never from each other
  // (DESIGN.md); and date-fns only from its root and the ja locale, the modules the import map shares.
  ...areas.map((area) => ({
    files: [`mf-${area}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: areas.filter((other) => other !== area).map((other) => `@sukoyaka/${other}`),
              message: 'Areas never import each other; share through @sukoyaka/shared.',
            },
            { group: ['../../mf-*', '**/mf-*/src/**', '**/bff/**'], message: 'Import another package by its name, never by path.' },
            { regex: '^date-fns/(?!locale/ja$)', message: "Import date-fns from 'date-fns' (shared through the import map)." },
          ],
        },
      ],
    },
  })),
  // Call files (issue 26): calls are named by the contract's typed names (CallName, CallInput,
  // CallOutput), never built from strings nor cast through unknown, so the typecheck, grep and
  // go-to-definition reach every use of a call.
  {
    files: ['mf-*/src/**/api/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
          message: 'A call file casts nothing through unknown: type the call by its contract name (CallName, CallInput, CallOutput).',
        },
        {
          selector: "TSAsExpression[typeAnnotation.typeName.name='CallName']",
          message: 'A call name is written out, typed as CallName, never cast to it from a string.',
        },
        {
          selector: 'MemberExpression[computed=true][object.name=/^(api|adminApi)$/] :matches(TemplateLiteral, BinaryExpression)',
          message: 'A call name is written out, never built from strings.',
        },
      ],
    },
  },
  // …and they are the only place an area calls the bff: pages and parts use their functions and hooks.
  {
    files: ['mf-{account,health,incentives,myna,admin}/src/**/*.{ts,tsx}'],
    ignores: ['**/api/**', '**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^(api|adminApi)$/]',
          message: "An area's calls live in its call files (src/api/ or src/<feature>/api/): import their functions and hooks.",
        },
      ],
    },
  },
  {
    files: ['mf-shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [BELOW_EVERY_AREA],
        },
      ],
    },
  },
  // ---- mf-shared's internal layers: maintained with mf-shared (its README, "Layers"), not part of
  // the bff/contract boundaries above. ----
  // mf-shared's folders are layers, lowest first (mf-shared/README.md, "Layers"): a module imports
  // from its own folder and the folders before it, never from a later one, nor from testing/,
  // widgets/ or charts/.
  // Tests may reach any layer. Each block names BELOW_EVERY_AREA again because a later
  // no-restricted-imports replaces an earlier one for the same files.
  ...((layers) =>
    layers.map((folder, index) => ({
      files: [`mf-shared/src/${folder}/**/*.{ts,tsx}`],
      ignores: ['mf-shared/src/**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              BELOW_EVERY_AREA,
              {
                group: [...layers.slice(index + 1), 'testing', 'widgets', 'charts'].flatMap((above) => [`../${above}`, `../${above}/**`]),
                message: `mf-shared/src/${folder} may import only from ${layers.slice(0, index + 1).join(', ')} (the layers in mf-shared/README.md).`,
              },
              { group: ['@sukoyaka/shared', '@sukoyaka/shared/**'], message: 'Inside mf-shared, import by relative path.' },
            ],
          },
        ],
      },
    })))(['device', 'routing', 'api', 'errors', 'ui', 'forms', 'auth', 'analytics', 'parts', 'app']),
  // mf-shared's second and third modules (@sukoyaka/shared/widgets and /charts, docs/decisions/0018
  // and 0037): they reach the main module by its name, so the build keeps one copy of each part; a
  // relative import would bundle a second one.
  ...['widgets', 'charts'].map((module) => ({
    files: [`mf-shared/src/${module}/**/*.{ts,tsx}`],
    ignores: ['mf-shared/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            BELOW_EVERY_AREA,
            {
              group: ['../*', '../**'],
              message: `The ${module} import mf-shared's main module as '@sukoyaka/shared' (one copy of each part).`,
            },
            { group: [`@sukoyaka/shared/${module}`], message: `Inside the ${module}, import by relative path.` },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
