// The lint zones of eslint.config.js refuse what ARCHITECTURE.md forbids; checked on scratch files
// linted in place (never written), so a loosened zone fails here.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Only the zone rule runs, without type information, so scratch files need no tsconfig entry.
const eslint = new ESLint({
  cwd: new URL('../../..', import.meta.url).pathname,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await zoneErrors('src/features/home/scratch.ts', "import { VideoPage } from '../video/video-page.tsx';\nexport const x = VideoPage;\n");
    expect(errors.join('\n')).toMatch(/Features never import each other/);
  });

  it('lets a feature import itself and shared code', async () => {
    const errors = await zoneErrors(
      'src/features/home/scratch.ts',
      "import { withListAds } from './list-ads.ts';\nimport { formatCount } from '../../lib/format.ts';\nexport const x = [withListAds, formatCount];\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses shared code importing a feature, protocol importing the app, and one route group importing another', async () => {
    expect(await zoneErrors('src/lib/scratch.ts', "import { withListAds } from '../features/home/list-ads.ts';\nexport const x = withListAds;\n")).toHaveLength(
      1,
    );
    expect(await zoneErrors('protocol/scratch.ts', "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n")).toHaveLength(1);
    expect(
      await zoneErrors('server/routes/video/scratch.ts', "import { loginRoutes } from '../login/login-routes.ts';\nexport const x = loginRoutes;\n"),
    ).toHaveLength(1);
  });
}, 120_000);
