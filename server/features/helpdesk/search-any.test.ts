import { describe, expect, it } from 'vitest';
import { helpdeskApp, helpdeskCaller, type HelpdeskApp } from '../../test/helpdesk.ts';
import { testDriver, useTestServer } from '../../test/test-server.ts';

/*
 * `match=any`, the suggestions while a member writes a support request (search.service.ts): any significant word
 * of a sentence finds an article, the articles matching more of the words come first, drafts never.
 */

const server = useTestServer();
const call = helpdeskCaller(server);

type Hit = {
  name: string;
  title: { text: string; mark: boolean }[];
  snippet: { text: string; mark: boolean }[];
};

const searchUrl = (tenant: HelpdeskApp, q: string, match?: string) =>
  `/api/apps/${tenant.app.id}/helpdesk/search?q=${encodeURIComponent(q)}` +
  (match === undefined ? '' : `&match=${encodeURIComponent(match)}`);

async function search(tenant: HelpdeskApp, q: string, match?: string, who = tenant.member): Promise<Hit[]> {
  const response = await call('GET', searchUrl(tenant, q, match), who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Hit[] }>().data;
}

const names = (hits: Hit[]) => hits.map((hit) => hit.name);
const marked = (pieces: Hit['title']) => pieces.filter((piece) => piece.mark).map((piece) => piece.text);

describe(`help-desk suggestions match any word (${testDriver})`, () => {
  it('finds an article by one stemmed word of a sentence, which all words cannot', async () => {
    const tenant = await helpdeskApp(server());
    const konto = await tenant.category({ name: 'Konto' });
    await tenant.article(konto.id, {
      name: 'Rechnungen herunterladen',
      body: '<p>Alle Rechnungen liegen als PDF im Konto.</p>',
    });
    await tenant.article(konto.id, {
      name: 'Passwort vergessen',
      body: '<p>Die Seite, auf der ich es in meinem Konto zurücksetze.</p>',
    });
    const sentence = 'Ich finde meine Rechnung vom März nicht';

    expect(await search(tenant, sentence)).toEqual([]);
    expect(await search(tenant, sentence, 'all')).toEqual([]);
    const [hit, ...rest] = await search(tenant, sentence, 'any');
    expect(rest).toEqual([]);
    expect(hit!.name).toBe('Rechnungen herunterladen');
    expect(marked(hit!.title)).toEqual(['Rechnungen']);
    expect(marked(hit!.snippet)).toContain('Rechnungen');
    // Stop words of either language are not words to suggest by ("die" is an English lexeme, "in" both).
    expect(await search(tenant, 'die ich in meine', 'any')).toEqual([]);
    // English stems and prefixes as in `all`; to_tsquery's syntax in the text stays text.
    expect(names(await search(tenant, 'where are my invoices? I forgot the passw', 'any'))).toEqual([
      'Passwort vergessen',
    ]);
    expect(names(await search(tenant, "rechnung | ' :* & !passwort", 'any')).sort()).toEqual([
      'Passwort vergessen',
      'Rechnungen herunterladen',
    ]);
  });

  it('ranks the articles matching more of the words first', async () => {
    const tenant = await helpdeskApp(server());
    const konto = await tenant.category({ name: 'Konto' });
    // ts_rank alone would put the name's one word first: the name weighs more than the body.
    await tenant.article(konto.id, { name: 'Rechnungen', body: '<p>Alles über Zahlungen.</p>' });
    await tenant.article(konto.id, {
      name: 'Dokumente',
      body: '<p>Jede Rechnung vom März liegt als PDF bereit.</p>',
    });
    await tenant.article(konto.id, { name: 'Belege', body: '<p>Die Rechnung vom März finden Sie hier.</p>' });
    await tenant.article(konto.id, { name: 'Passwort vergessen', body: '<p>Setzen Sie es zurück.</p>' });

    expect(names(await search(tenant, 'Wo ist die Rechnung vom März als PDF?', 'any'))).toEqual([
      'Dokumente',
      'Belege',
      'Rechnungen',
    ]);
    // Equal coverage: ts_rank orders, the name before the body.
    const [first, ...rest] = names(await search(tenant, 'meine Rechnung', 'any'));
    expect(first).toBe('Rechnungen');
    expect(rest.sort()).toEqual(['Belege', 'Dokumente']);
  });

  it('uses the first twelve significant words of a long text', async () => {
    const tenant = await helpdeskApp(server());
    const konto = await tenant.category({ name: 'Konto' });
    await tenant.article(konto.id, { name: 'Rechnungen herunterladen' });
    const twelve = 'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima';

    expect(await search(tenant, `${twelve} rechnung`, 'any')).toEqual([]);
    // Stop words and single letters do not count towards the twelve.
    expect(
      names(await search(tenant, `ich und die der das x y z ${twelve.slice(5)} rechnung`, 'any')),
    ).toEqual(['Rechnungen herunterladen']);
  });

  it('never suggests drafts, not even to editors', async () => {
    const tenant = await helpdeskApp(server());
    const konto = await tenant.category({ name: 'Konto' });
    await tenant.article(konto.id, { name: 'Rechnung Entwurf', isPublished: false });
    await tenant.article(konto.id, { name: 'Rechnung veröffentlicht' });
    const sentence = 'Wo finde ich die Rechnung?';

    expect(names(await search(tenant, sentence, 'any'))).toEqual(['Rechnung veröffentlicht']);
    expect(names(await search(tenant, sentence, 'any', tenant.owner))).toEqual(['Rechnung veröffentlicht']);
    expect(names(await search(tenant, 'rechnung', 'all', tenant.owner)).sort()).toEqual([
      'Rechnung Entwurf',
      'Rechnung veröffentlicht',
    ]);
  });

  it('refuses another match mode with the validation error', async () => {
    const tenant = await helpdeskApp(server());
    for (const match of ['some', 'ANY', '']) {
      const response = await call('GET', searchUrl(tenant, 'rechnung', match), tenant.member);
      expect(response.statusCode, match).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { match: 'validation.invalidValue' },
      });
    }
  });
});
