import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh PostgreSQL database per test file, created from TEST_DATABASE_URL and dropped afterwards,
 * so suites run in parallel without truncating anything. `template`: a migrated database to copy (the run's
 * global set-up makes one), so each server finds its schema in place.
 */
export async function createScratchDatabase(
  baseUrl: string,
  options: { template?: string } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const template = options.template ? ` template "${options.template.replaceAll('"', '')}"` : '';
    await admin.query(`create database "${name}"${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
