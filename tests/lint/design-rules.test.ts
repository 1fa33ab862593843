import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The design's rules, as eslint.config.js states them (issue 20, item 6): each broken on purpose, and the
// same code without the fault passing, so that each assertion would fail if its rule went missing.

const root = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => path.join(root, 'tests/lint/fixtures', name);

/**
 * The project's own configuration, linting text at places in the tree (src/client/features/…, src/shared)
 * where no such file is: without type information (it would build the whole project's program), so only
 * the rules that need none. `ignore: false` lets it read the fixtures, which `npm run lint` skips.
 */
const byPath = new ESLint({
  cwd: root,
  ignore: false,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
});
/** The project's configuration as it is, type-aware rules too, on fixture files with their own small tsconfig. */
const withTypes = new ESLint({ cwd: root, ignore: false });

const ruleIds = (messages: Linter.LintMessage[]) => messages.map((message) => message.ruleId);

async function lintText(file: string, code: string) {
  const [result] = await byPath.lintText(code, { filePath: path.join(root, file) });
  return result!.messages;
}

async function lintFiles(eslint: ESLint, files: string[]) {
  const results = await eslint.lintFiles(files);
  return results.flatMap((result) => result.messages);
}

describe('lint keeps the design', () => {
  it('refuses an import cycle, and passes the same modules without the way back', async () => {
    const cycle = await lintFiles(byPath, [fixture('cycle/first.ts'), fixture('cycle/second.ts')]);
    expect(ruleIds(cycle)).toEqual(['import-x/no-cycle', 'import-x/no-cycle']);

    expect(await lintFiles(byPath, [fixture('no-cycle/first.ts'), fixture('no-cycle/second.ts')])).toEqual([]);
  });

  it('refuses an import from one client feature into another, in every feature folder', async () => {
    const fromWizard = await lintText(
      'src/client/features/wizard/lint-probe.ts',
      "import { useGetChangeRequestsQuery } from '../dashboard/dashboard-api';\nexport const probe = useGetChangeRequestsQuery;\n",
    );
    expect(ruleIds(fromWizard)).toEqual(['import-x/no-restricted-paths']);

    const typeOnly = await lintText(
      'src/client/features/engineers/lint-probe.ts',
      "import type { DashboardUploadBody } from '../dashboard/dashboard-api';\nexport type Probe = DashboardUploadBody;\n",
    );
    expect(ruleIds(typeOnly)).toEqual(['import-x/no-restricted-paths']);

    // A feature folder added later is kept out of the others too, and they out of it once it has files.
    const fromNew = await lintText(
      'src/client/features/lint-probe-feature/lint-probe.ts',
      "import { useFloorRows } from '../wizard/step-modules/floors/use-floor-rows';\nexport const probe = useFloorRows;\n",
    );
    expect(ruleIds(fromNew)).toEqual(['import-x/no-restricted-paths']);

    // What two features share lives outside them: the form engine, the session, the app.
    const clean = await lintText(
      'src/client/features/dashboard/lint-probe.ts',
      [
        "import { useForms } from '../../forms/forms-query';",
        "import { useLogoutMutation } from '../../session/session-api';",
        "import { useSplash } from '../../app/splash-api';",
        "import { useGetChangeRequestsQuery } from './dashboard-api';",
        'export const probe = [useForms, useLogoutMutation, useSplash, useGetChangeRequestsQuery];',
        '',
      ].join('\n'),
    );
    expect(clean).toEqual([]);
  });

  it('refuses a feature import in a shared client folder', async () => {
    const messages = await lintText(
      'src/client/forms/lint-probe.ts',
      "import { widgets } from '../features/wizard/wizard-widgets';\nexport const probe = widgets;\n",
    );
    expect(ruleIds(messages)).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a feature import in the layout, the pages and the studio: only the app puts features together', async () => {
    for (const folder of ['layout', 'pages', 'studio']) {
      const messages = await lintText(
        `src/client/${folder}/lint-probe.tsx`,
        "import { ProfileBlock } from '../features/dashboard/ProfileBlock';\nexport const probe = ProfileBlock;\n",
      );
      expect(ruleIds(messages)).toEqual(['import-x/no-restricted-paths']);
    }
    const fromApp = await lintText(
      'src/client/app/lint-probe.tsx',
      "import { ProfileBlock } from '../features/dashboard/ProfileBlock';\nexport const probe = ProfileBlock;\n",
    );
    expect(fromApp).toEqual([]);
  });

  it('refuses a client import on the server, in .tsx files too; the forms checker may use the client forms alone', async () => {
    for (const file of ['src/server/lint-probe.ts', 'src/server/forms/check/lint-probe.tsx']) {
      const messages = await lintText(
        file,
        "import { translateStep } from '../../../client/forms/translate-schema';\nexport const probe = translateStep;\n",
      );
      expect(ruleIds(messages)).toEqual(['no-restricted-imports']);
    }
    const smoke = 'src/server/forms/check/smoke-render.tsx';
    expect(
      await lintText(
        smoke,
        "import { translateStep } from '../../../client/forms/translate-schema';\nexport const probe = translateStep;\n",
      ),
    ).toEqual([]);
    const beyond = await lintText(
      smoke,
      "import { useSplash } from '../../../client/app/splash-api';\nexport const probe = useSplash;\n",
    );
    expect(ruleIds(beyond)).toEqual(['no-restricted-imports']);
  });

  it("refuses fetch('/api/…') written out in the client, and passes the contract's path", async () => {
    const messages = await lintText(
      'src/client/features/engineers/lint-probe.ts',
      [
        "export const one = () => fetch('/api/engineers/get_engineers');",
        'export const two = (id: string) => fetch(`/api/dashboard/${id}`);',
        "export const three = () => fetch('/api');",
        '',
      ].join('\n'),
    );
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([
      ['no-restricted-syntax', 1],
      ['no-restricted-syntax', 2],
      ['no-restricted-syntax', 3],
    ]);
    const clean = await lintText(
      'src/client/features/engineers/lint-probe.ts',
      "const call = { path: '/api/captcha/new' };\nexport const one = () => fetch(call.path);\nexport const two = () => fetch('/apiary');\n",
    );
    expect(clean).toEqual([]);
  });

  it('keeps React DOM, MUI, RJSF and react-i18next out of src/shared', async () => {
    const messages = await lintText(
      'src/shared/lint-probe.ts',
      [
        "import Button from '@mui/material/Button';",
        "import { createRoot } from 'react-dom/client';",
        "import { getUiOptions } from '@rjsf/utils';",
        "import { useTranslation } from 'react-i18next';",
        'export const probe = [Button, createRoot, getUiOptions, useTranslation];',
        '',
      ].join('\n'),
    );
    expect(ruleIds(messages)).toEqual(Array(4).fill('no-restricted-imports'));
    expect(messages.map((message) => message.line)).toEqual([1, 2, 3, 4]);
  });

  it('keeps browser-only (and Node-only) globals out of src/shared, and lets it use what both have', async () => {
    const messages = await lintText(
      'src/shared/lint-probe.ts',
      [
        'export const here = window.location.href;',
        "export const kept = localStorage.getItem('reference_number');",
        "export const page = document.title + navigator.language + sessionStorage.getItem('x');",
        'export const where = location.pathname;',
        'export const mode = process.env.NODE_ENV;',
        '',
      ].join('\n'),
    );
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([
      ['no-restricted-globals', 1],
      ['no-restricted-globals', 2],
      ['no-restricted-globals', 3],
      ['no-restricted-globals', 3],
      ['no-restricted-globals', 3],
      ['no-restricted-globals', 4],
      ['no-restricted-globals', 5],
    ]);

    const clean = await lintText(
      'src/shared/lint-probe.ts',
      [
        "export const answer = (url: string) => fetch(new URL(url, 'http://localhost'));",
        'export const id = () => crypto.randomUUID();',
        'export const later = (done: () => void) => setTimeout(done, new TextEncoder().encode("x").length);',
        '',
      ].join('\n'),
    );
    expect(clean).toEqual([]);
  });

  it('refuses a floating promise (type-aware), and passes it awaited', async () => {
    const floating = await lintFiles(withTypes, [fixture('promises/floating.ts')]);
    expect(ruleIds(floating)).toEqual(['@typescript-eslint/no-floating-promises']);

    expect(await lintFiles(withTypes, [fixture('promises/awaited.ts')])).toEqual([]);
  });
});
