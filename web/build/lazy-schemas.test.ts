import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fieldIssues } from '../components/form-issues';
import { lazySchema } from '../kernel/lazy-schema';
import { lazySchemaSource } from './lazy-schemas';

describe('lazySchemaSource', () => {
  const wrapped = (source: string) =>
    lazySchemaSource(source, '/work/contracts/example.ts', '/work/web/kernel/lazy-schema.ts');

  it('wraps module-level schema constants and leaves everything else as written', () => {
    const source = [
      "import { z } from 'zod';",
      "import { paginated } from './pagination.ts';",
      '// Straße – a comment with letters outside ASCII before the schemas',
      'export const idSchema = z.object({ id: z.uuid() });',
      'const name = z.string().min(1).max(80);',
      'export const listSchema = paginated(idSchema);',
      'export const createdAt = z.iso.datetime();',
      "export const roles = ['owner', 'member'] as const;",
      'export const limit = Math.max(1, 2);',
      'export const issues = z.treeifyError;',
      'export const shape = idSchema.shape;',
      'export const config = z.config({ jitless: true });',
      'export function build() {',
      '  const inner = z.object({ a: z.string() });',
      '  return inner;',
      '}',
      'export type Id = z.infer<typeof idSchema>;',
    ].join('\n');
    const result = wrapped(source)!;
    expect(result).toContain('export const idSchema = __lazySchema(() => z.object({ id: z.uuid() }));');
    expect(result).toContain('const name = __lazySchema(() => z.string().min(1).max(80));');
    expect(result).toContain('export const listSchema = __lazySchema(() => paginated(idSchema));');
    expect(result).toContain('export const createdAt = __lazySchema(() => z.iso.datetime());');
    expect(result).toContain("export const roles = ['owner', 'member'] as const;");
    expect(result).toContain('export const limit = Math.max(1, 2);');
    expect(result).toContain('export const issues = z.treeifyError;');
    expect(result).toContain('export const shape = idSchema.shape;');
    expect(result).toContain('export const config = z.config({ jitless: true });');
    expect(result).toContain('  const inner = z.object({ a: z.string() });');
    expect(result).toContain('export type Id = z.infer<typeof idSchema>;');
    expect(result.split('\n')[0]).toBe(
      'import { lazySchema as __lazySchema } from "/work/web/kernel/lazy-schema.ts";',
    );
  });

  it('leaves a module without schemas, and one that does not parse, alone', () => {
    expect(
      wrapped("import { z } from 'zod';\nexport type A = z.infer<typeof a>;\nexport const b = 1;"),
    ).toBeNull();
    expect(wrapped('export const aSchema = z.object({')).toBeNull();
  });
});

describe('lazySchema', () => {
  it('builds the schema on first use, once', () => {
    const build = vi.fn(() => z.object({ name: z.string().min(1) }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse({ name: 'Ada' }).success).toBe(true);
    expect(schema.safeParse({ name: '' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('acts as the schema inside other schemas, through extend, pick and shape, and for instanceof', () => {
    const account = lazySchema(() => z.object({ id: z.uuid(), email: z.email() }));
    const session = lazySchema(() => z.object({ token: z.string(), account }));
    const withName = account.extend({ name: z.string() });
    const answer = {
      token: 't',
      account: { id: '0190e0e0-0000-7000-8000-000000000000', email: 'ada@example.com' },
    };
    expect(session.parse(answer)).toEqual(answer);
    expect(session.safeParse({ ...answer, account: { id: 'x', email: 'y' } }).success).toBe(false);
    expect(Object.keys(withName.shape)).toEqual(['id', 'email', 'name']);
    expect(Object.keys(account.pick({ email: true }).shape)).toEqual(['email']);
    expect(account).toBeInstanceOf(z.ZodObject);
    expect('_zod' in account).toBe(true);
    expect(account.optional().safeParse(undefined).success).toBe(true);
  });

  it('checks a form as the schema itself would', () => {
    const build = () =>
      z.object({ email: z.email('validation.email'), name: z.string().min(1, 'validation.required') });
    const schema = lazySchema(build);
    const values = { email: 'nope', name: '' };
    expect(fieldIssues(schema, values)).toEqual(fieldIssues(build(), values));
    expect(fieldIssues(schema, values)).toEqual({
      email: { key: 'validation.email' },
      name: { key: 'validation.required' },
    });
    expect(fieldIssues(schema, { email: 'ada@example.com', name: 'Ada' })).toEqual({});
  });
});
