import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { webLayersPlugin } from './layers.js';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const config: Linter.Config[] = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { layers: webLayersPlugin },
    rules: { 'layers/imports': 'error' },
  },
];

/** The layer messages ESLint reports for `source` written at `file` (relative to web/). */
function lint(file: string, source: string): string[] {
  return new Linter({ configType: 'flat' })
    .verify(source, config, { filename: path.join(web, file) })
    .map((message) => message.message);
}

describe('web layer rule', () => {
  it('keeps features away from the app shell, except their tests', () => {
    expect(lint('features/team/team-page.tsx', "import { x } from '../../app/routes';")).toEqual([
      expect.stringContaining('may not import the app shell'),
    ]);
    expect(
      lint('features/auth/join/use-enter-app.ts', "import { x } from '../../../app/guards';"),
    ).toHaveLength(1);
    expect(lint('features/team/team.test.tsx', "import { createRoutes } from '../../app/routes';")).toEqual(
      [],
    );
  });

  it('keeps the kernel and the components below the features and the shell', () => {
    expect(lint('kernel/ui-store.ts', "import { x } from '../features/projects';")).toHaveLength(1);
    expect(lint('components/logo.tsx', "import { x } from '../app/theme';")).toHaveLength(1);
    expect(lint('components/logo.tsx', "import { x } from '../kernel/brand';")).toEqual([]);
  });

  it('lets a feature reach another only through its public module', () => {
    expect(lint('features/team/team-page.tsx', "import { x } from '../projects/projects-api';")).toEqual([
      expect.stringContaining('public module'),
    ]);
    expect(lint('features/team/team-page.tsx', "export { x } from '../projects/projects-api';")).toHaveLength(
      1,
    );
    expect(lint('features/team/team-page.tsx', "const m = import('../projects/projects-api');")).toHaveLength(
      1,
    );
    expect(lint('features/team/team-page.tsx', "import { x } from '../projects';")).toEqual([]);
    expect(lint('features/team/team-page.tsx', "import { x } from '../projects/index';")).toEqual([]);
    expect(lint('features/auth/join/join-page.tsx', "import { x } from '../auth-api';")).toEqual([]);
  });

  it('lets the shell read manifests and public modules only', () => {
    expect(lint('app/features.ts', "import { x } from '../features/team/team.routes';")).toEqual([]);
    expect(lint('app/layouts/app-shell.tsx', "import { x } from '../../features/account';")).toEqual([]);
    expect(
      lint('app/layouts/app-shell.tsx', "import { x } from '../../features/account/account-menu';"),
    ).toHaveLength(1);
    expect(lint('main.tsx', "import { x } from './features/auth/auth-api';")).toHaveLength(1);
  });
});
