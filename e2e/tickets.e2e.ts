import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot } from './support/cloud';
import {
  appHost,
  data,
  freshContext,
  openMenuEntry,
  setUpCommunity,
  signedInPage,
} from './support/community';
import { signInWithPassword, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const expect = baseExpect.configure({ timeout: 20_000 });

test('a member asks for help after a suggestion, the team answers live, resolves it and is rated', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  const c = await setUpCommunity(request, testInfo);
  const owner = { authorization: `Bearer ${c.owner.token}` };
  // The help desk is on and holds the article the member's question will bring up.
  await data(
    await request.patch(`/api/apps/${c.appId}/options`, {
      headers: owner,
      data: { services: { helpdesk: true } },
    }),
  );
  const category = await data<{ id: string }>(
    await request.post(`/api/apps/${c.appId}/helpdesk/categories`, {
      headers: owner,
      data: { name: 'Konto & Zahlungen', description: 'Rechnungen und Zahlungsarten.', parentId: null },
    }),
    201,
  );
  await data(
    await request.post(`/api/helpdesk/categories/${category.id}/articles`, {
      headers: owner,
      data: {
        name: 'Rechnungen herunterladen',
        body: '<p>Alle Rechnungen finden Sie unter Konto › Zahlungen.</p>',
      },
    }),
    201,
  );

  // Lena opens a new request: a matching article is suggested first; she sends her question anyway. On a phone
  // she asks through the floating "Hilfe & Support" button, above the tab bar; on desktop from "Meine Anfragen",
  // after a look into the same button's panel, which Escape closes again.
  const member = await signedInPage(browser, testInfo, c, c.lena, 201);
  const launcher = member.getByRole('button', { name: 'Hilfe & Support' });
  const widget = member.getByRole('dialog', { name: 'Wie können wir helfen?' });
  await expect(launcher).toBeVisible();
  await keepScreenshot(member, `tickets-launcher-${project}`);
  await launcher.click();
  await expect(widget).toBeVisible();
  await expect(widget.getByTestId('support-widget-helpdesk')).toBeVisible();
  if (project === 'mobile') {
    await expect(widget.getByTestId('request-subject')).toBeFocused();
  } else {
    await expectAccessible(member, 'support widget');
    await keepScreenshot(member, `tickets-widget-${project}`);
    await member.keyboard.press('Escape');
    await expect(widget).toBeHidden();
    await expect(launcher).toBeFocused();
    await openMenuEntry(member, 'Meine Anfragen');
    await expect(member.getByTestId('my-requests')).toBeVisible();
    // The requests' own pages offer the same: no button there.
    await expect(launcher).toBeHidden();
    await member.getByTestId('request-new').click();
  }
  await member.getByTestId('request-subject').fill('Rechnung herunterladen');
  await member
    .getByTestId('request-body')
    .fill('Ich finde meine Rechnung nicht. Wo kann ich sie herunterladen?');
  await expect(member.getByTestId('ticket-suggestion').first()).toContainText('Rechnungen herunterladen');
  await expectAccessible(member, 'new request');
  await keepScreenshot(member, `tickets-new-request-${project}`);
  await member.getByTestId('request-send').click();
  if (project === 'mobile') {
    await expect(widget.getByTestId('support-widget-sent')).toContainText('ist angekommen');
    await keepScreenshot(member, `tickets-widget-sent-${project}`);
    await widget.getByTestId('support-widget-sent-link').click();
  }
  await expect(member.getByTestId('request-page')).toBeVisible();
  await expect(member.getByTestId('ticket-status-badge')).toHaveAttribute('data-status', 'new');
  const requestUrl = member.url();
  const ticketId = requestUrl.split('/').at(-1)!;

  // The team (the project's owner) answers: on a desktop on the service host's support screens, on a phone in
  // the app itself, from the moderation inbox's ticket tab.
  let team: Page;
  if (project === 'mobile') {
    team = await signedInPage(browser, testInfo, c, c.owner, 202);
    await team.goto(`${appHost}/${c.slug}/settings/moderation?tab=ticket`);
    await team.getByTestId('ticket-row').first().click();
    await expect(team.getByTestId('app-ticket')).toBeVisible();
    await expect(team).toHaveURL(new RegExp(`/settings/moderation/tickets/${ticketId}$`));
    await expect(team.getByTestId('ticket-contact')).toContainText(c.lena.email);
  } else {
    const context = await freshContext(browser, testInfo, 202);
    team = await context.newPage();
    await team.goto('/auth');
    await signInWithPassword(team, c.owner.email);
    await expect(team).toHaveURL(/\/projects/);
    const projects = await data<{ id: string }[]>(await request.get('/api/projects', { headers: owner }));
    const projectId = projects[0]!.id;
    await team.goto(`/projects/${projectId}/support`);
    await expect(team.getByTestId('support-app').first()).toContainText('Lindenhof');
    await expectAccessible(team, 'support index');
    await team.getByTestId('support-app').first().click();
    await expect(team.getByTestId('ticket-row').first()).toContainText('Rechnung herunterladen');
    await team.getByTestId('ticket-row').first().click();
    await expect(team.getByTestId('support-ticket')).toBeVisible();
    await expect(team).toHaveURL(new RegExp(`/support/ticket/${ticketId}$`));
  }
  await expect(team.getByTestId('support-conversation')).toContainText('Ich finde meine Rechnung nicht');
  const composer = team.getByTestId('composer-field');
  await composer.fill('Sie finden sie unter Konto › Zahlungen. Ich habe sie Ihnen dort bereitgelegt.');
  await composer.press('Enter');
  await expect(team.getByTestId('support-conversation')).toContainText(
    'Ich habe sie Ihnen dort bereitgelegt',
  );
  await keepScreenshot(team, `tickets-team-${project}`);

  // Lena sees the answer live, and the first answer moved the request to work.
  await expect(member.getByTestId('support-conversation')).toContainText(
    'Ich habe sie Ihnen dort bereitgelegt',
  );
  await expect(member.getByTestId('ticket-status-badge')).toHaveAttribute('data-status', 'work');

  // The team resolves it (RULE-41: the badge follows at once), and Lena is asked how satisfied she is.
  await team.getByTestId('ticket-status-control').getByText('Erledigt').click();
  await expect(team.getByTestId('ticket-status-badge')).toHaveAttribute('data-status', 'completed');
  await expect(member.getByTestId('ticket-status-badge')).toHaveAttribute('data-status', 'completed');
  await expect(member.getByTestId('satisfaction-question')).toBeVisible();
  await expectAccessible(member, 'satisfaction question');
  await member.getByTestId('satisfaction-rating').locator('label').last().click();
  await member.getByTestId('satisfaction-send').click();
  await expect(member.getByTestId('satisfaction-thanks')).toBeVisible();
  await keepScreenshot(member, `tickets-rated-${project}`);
  await team.context().close();
});
