// The rules of ARCHITECTURE.md that a tool holds: import boundaries as zones, React hooks, and a
// few type-aware rules that catch real bugs (unawaited promises, promises where callbacks go).
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const features = dirs('./src/features/');
const routeGroups = dirs('./server/routes/');

const zones = [
  // A feature imports only itself and shared code.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need into src/lib, src/components or src/stores.',
  })),
  ...['lib', 'stores', 'components'].map((shared) => ({
    target: `./src/${shared}`,
    from: ['./src/features', './src/routes'],
    message: 'Shared code never imports a feature or a route.',
  })),
  {
    target: './protocol',
    from: ['./src', './sw', './workers', './server', './scripts', './tests'],
    message: 'protocol/ is the innermost layer: it imports nothing of the app.',
  },
  { target: ['./sw', './workers'], from: ['./src', './server'], message: 'The service worker and the workers share only protocol/ and sw/shared.' },
  { target: './server', from: ['./src', './sw', './workers', './tests'], message: 'The server imports only protocol/ and itself.' },
  { target: './src', from: ['./server', './tests', './scripts'], message: 'The page never imports server, test or script code.' },
  // Route groups share code only through server/ modules made for it (schemas.ts, page-result.ts …).
  ...routeGroups.map((group) => ({
    target: `./server/routes/${group}`,
    from: './server/routes',
    except: [`./${group}`, './schemas.ts', './endpoint.ts', './page-result.ts', './tag-filter.ts'],
    message: 'A route group imports no other group: share through a server/ module.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'test-results', 'playwright-report', 'src/route-tree.gen.ts', 'data', '.data-*'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-debugger': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The contracts are TypeBox schemas, for the server: a value the page reads from one brings
  // TypeBox and every schema of the module into the page's bundle. The page's values come from
  // protocol/*-values.ts and the other protocol modules; types may come from anywhere.
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'workers/**/*.ts', 'protocol/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/contracts/*', './contracts/*'],
              allowTypeImports: true,
              message: 'Read values from protocol/*-values.ts (or the *-api.ts modules); only types come from protocol/contracts.',
            },
          ],
        },
      ],
    },
  },
);
