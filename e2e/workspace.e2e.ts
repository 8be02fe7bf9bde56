import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  createAccount,
  enterCode,
  password,
  signInWithPassword,
  uniqueEmail,
  visitorHeaders,
} from './support/identity';
import { mailbox } from './support/mailbox';
import { expectAccessible } from './support/axe';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const port = Number(process.env.E2E_PORT); // chosen free by playwright.config.ts
const appHost = `http://app.localhost:${port}`;

/** An owner with a project and an app, made through the API (the screens for this are projects.e2e.ts). */
async function ownerWithApp(request: APIRequestContext, email: string, slug: string) {
  const session = await createAccount(request, email);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const project = await request.post('/api/projects', { headers, data: { name: `Projekt ${slug}` } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { data: { id: string } }).data.id;
  const app = await request.post(`/api/projects/${projectId}/apps`, {
    headers,
    data: { name: `Akademie ${slug}`, slug },
  });
  expect(app.status()).toBe(201);
  const appId = ((await app.json()) as { data: { id: string } }).data.id;
  return { headers, projectId, appId };
}

test('an owner invites a member by mail, the member joins through the invitation, another project’s member gets 404', { tag: '@desktop-only' }, async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const suffix = `${testInfo.project.name.replace(/\W+/g, '')}-${Date.now().toString(36)}`;
  const slug = `akademie-${suffix}`.toLowerCase();
  const ownerEmail = uniqueEmail(testInfo, 'inhaberin');
  const owner = await ownerWithApp(request, ownerEmail, slug);

  // The owner signs in on the app host and invites a member from the members settings.
  await page.goto(`${appHost}/${slug}/auth`);
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await expectAccessible(page, 'app sign-in');
  await signInWithPassword(page, ownerEmail);
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await expectAccessible(page, 'app home', { dark: true });
  await page.goto(`${appHost}/${slug}/settings/members/invite`);
  const memberEmail = uniqueEmail(testInfo, 'mitglied');
  const memberMail = mailbox(memberEmail);
  const form = page.getByTestId('invite-form');
  await form.getByLabel('E-Mail-Adresse').fill(memberEmail);
  await form.getByLabel('Vorname').fill('Mira');
  await form.getByLabel('Nachname').fill('Mitglied');
  await expectAccessible(page, 'invite a member');
  await page.getByTestId('invite-submit').click();
  await expect(page.getByTestId('invite-success')).toBeVisible();
  await expectAccessible(page, 'member invited');

  // The members list shows the invited person.
  await page.goto(`${appHost}/${slug}/settings/members`);
  await expect(page.getByText(memberEmail).first()).toBeVisible();
  await expectAccessible(page, 'members');

  // The member opens the mailed link in their own browser, confirms the address and creates the account.
  const invitation = await memberMail.nextMail();
  const link = /https?:\/\/\S+\/auth\/join\/[A-Za-z0-9_-]+/.exec(invitation.text)?.[0];
  expect(link).toBeTruthy();
  const memberContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(testInfo) });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(link!);
  await expect(memberPage.getByTestId('join-invite')).toBeVisible();
  await expectAccessible(memberPage, 'invitation');
  await memberPage.getByRole('button', { name: 'Code senden' }).click();
  await expect(memberPage.getByTestId('code-step')).toBeVisible();
  await enterCode(memberPage, await memberMail.nextCode());
  await expect(memberPage.getByTestId('join-profile')).toBeVisible();
  await expect(memberPage.getByLabel('Vorname')).toHaveValue('Mira');
  await expectAccessible(memberPage, 'join: profile');
  await memberPage.getByTestId('new-password').fill(password);
  await memberPage.getByTestId('new-password-confirmation').fill(password);
  await memberPage.getByRole('button', { name: 'Konto erstellen und beitreten' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`/${slug}$`));

  // The owner sees the member as a member now.
  const listed = await request.get(`/api/apps/${owner.appId}/profiles?search=Mira`, {
    headers: owner.headers,
  });
  const members = (await listed.json()) as { data: { id: string; type: string }[] };
  expect(members.data).toEqual([expect.objectContaining({ type: 'member' })]);
  const memberId = members.data[0]!.id;
  await memberPage.goto(`${appHost}/${slug}/m/${memberId}`);
  await expect(memberPage.getByText('Mira Mitglied').first()).toBeVisible();
  await expectAccessible(memberPage, 'member page');
  await memberContext.close();

  // Someone of another project, signed in, gets the not-found page for the first app's member pages and
  // never reaches its settings.
  const strangerEmail = uniqueEmail(testInfo, 'fremd');
  await ownerWithApp(request, strangerEmail, `fremd-${suffix}`.toLowerCase());
  const strangerContext = await browser.newContext({ extraHTTPHeaders: visitorHeaders(testInfo) });
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto(`${appHost}/${slug}/auth`);
  await signInWithPassword(strangerPage, strangerEmail);
  // Signed in once the app has left the sign-in page (navigating earlier would drop the session).
  await expect(strangerPage).not.toHaveURL(/\/auth/);
  await strangerPage.goto(`${appHost}/${slug}/m/${memberId}`);
  await expect(strangerPage.getByTestId('member-missing')).toBeVisible();
  await expectAccessible(strangerPage, 'member not found');
  await expect(strangerPage.getByText('Mira Mitglied')).toHaveCount(0);
  await strangerPage.goto(`${appHost}/${slug}/settings/members`);
  await expect(strangerPage.getByTestId('invite-form')).toHaveCount(0);
  await expect(strangerPage.getByText(memberEmail)).toHaveCount(0);
  await strangerContext.close();
});
