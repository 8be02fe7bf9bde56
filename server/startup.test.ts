import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Runs the real entry point (through tsx) and collects what it prints and how it ends. */
function runMain(env: Record<string, string>, { killAfterMs }: { killAfterMs?: number } = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let timer: NodeJS.Timeout | undefined;
    const poll = setInterval(() => {
      if (killAfterMs !== undefined && !timer && output.includes('serving http://')) {
        timer = setTimeout(() => child.kill('SIGTERM'), killAfterMs);
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('start-up', () => {
  it('refuses a bad environment value and names the variable', { timeout: 60_000 }, async () => {
    const { code, output } = await runMain({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
    expect(output).toContain('Start-up refused');
  });

  it(
    'retries an unreachable database with a clear log line, then exits non-zero',
    { timeout: 60_000 },
    async () => {
      const { code, output } = await runMain({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        DB_CONNECT_RETRIES: '2',
        DB_CONNECT_RETRY_DELAY_MS: '50',
        LOG_LEVEL: 'warn',
      });
      expect(code).toBe(1);
      expect(output.match(/database not reachable/g)).toHaveLength(2);
      expect(output).toContain('database unreachable after 3 attempts');
    },
  );

  it('serves on the embedded database and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gemeinde-start-'));
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const { code, output } = await runMain(
      { DATA_DIR: dataDir, PORT: port, SERVE_WEB: 'false', LOG_LEVEL: 'info' },
      { killAfterMs: 200 },
    );
    expect(output).toContain('worker role: handling jobs');
    expect(output).toContain('stopped cleanly');
    expect(code).toBe(0);
  });
});
