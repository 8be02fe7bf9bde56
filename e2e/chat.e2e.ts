import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepScreenshot, pictureBytes } from './support/cloud';
import { appHost, data, setUpCommunity, signedInPage, type Person } from './support/community';
import { signInWithPassword, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const expect = baseExpect.configure({ timeout: 20_000 });
const auth = (who: Person) => ({ authorization: `Bearer ${who.token}` });

test('two members write to each other live, and a channel keeps its members reading', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  const c = await setUpCommunity(request, testInfo);
  // What an admin does: a channel in which only its moderators write, with Lena in it.
  const channel = await data<{ id: string }>(
    await request.post(`/api/apps/${c.appId}/chats`, {
      headers: auth(c.owner),
      data: {
        kind: 'group',
        name: 'Neuigkeiten',
        profileIds: [c.lena.profileId],
        isMemberAllowToChat: false,
      },
    }),
    201,
  );

  // Max has the app open before anything is written.
  const maxPage = await signedInPage(browser, testInfo, c, c.max, 251);

  // Lena opens the private chat from Max's member page and writes.
  await page.goto(`${appHost}/${c.slug}/auth`);
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await signInWithPassword(page, c.lena.email);
  await expect(page).toHaveURL(new RegExp(`/${c.slug}$`));
  await page.goto(`${appHost}/${c.slug}/m/${c.max.profileId}`);
  await page.getByTestId('member-message').click();
  await expect(page).toHaveURL(new RegExp(`/${c.slug}/chat/[0-9a-f-]{36}$`));
  const composer = page.getByTestId('composer-field');
  await composer.fill('Hallo Max, kommst du morgen zum Yoga?');
  await composer.press('Enter');
  const lenasLog = page.getByTestId('conversation-log');
  await expect(lenasLog.getByTestId('chat-message').last()).toContainText('kommst du morgen zum Yoga?');

  // Max sees the badge rise without reloading, opens the chat and answers.
  await expect(maxPage.getByTestId('chat-nav-badge').first()).toContainText('1');
  await maxPage.goto(`${appHost}/${c.slug}/chat`);
  const item = maxPage.getByTestId('chat-list-item').filter({ hasText: 'Lena Vogel' });
  await expect(item.getByTestId('chat-unread')).toBeVisible();
  await expectAccessible(maxPage, 'chat list');
  await item.click();
  await expect(maxPage.getByTestId('conversation-log')).toContainText('kommst du morgen zum Yoga?');
  await maxPage.getByTestId('composer-field').fill('Ja, ich bin um sieben da!');
  await maxPage.getByTestId('composer-field').press('Enter');
  await expect(maxPage.getByTestId('chat-nav-badge')).toHaveCount(0);
  await keepScreenshot(maxPage, `chat-conversation-${project}`);
  await expectAccessible(maxPage, 'chat conversation');

  // Lena's open conversation shows the answer as it arrives.
  await expect(lenasLog.getByTestId('chat-message').last()).toContainText('Ja, ich bin um sieben da!');

  // Max adds a GIF from the picker's GIF tab (it goes at once) and a picture of his device (uploaded hidden
  // from his files, a chip until it is sent with his text).
  await maxPage.getByTestId('attachment-menu').click();
  await maxPage.getByTestId('attachment-gif').click();
  const picker = maxPage.getByTestId(project === 'mobile' ? 'mobile-picker' : 'picker-popup');
  await picker.getByTestId('gif-item').first().click();
  await expect(lenasLog.getByTestId('message-gif')).toBeVisible();
  await maxPage.getByTestId('attachment-file-input').setInputFiles({
    name: 'Sonnenaufgang.png',
    mimeType: 'image/png',
    buffer: await pictureBytes(),
  });
  await expect(maxPage.getByTestId('attachment-chip')).toContainText('Sonnenaufgang.png');
  await maxPage.getByTestId('composer-field').fill('So schön war es heute früh');
  await expect(maxPage.getByTestId('composer-send')).toBeEnabled();
  await keepScreenshot(maxPage, `chat-attachment-chip-${project}`);
  await maxPage.getByTestId('composer-send').click();
  await expect(lenasLog.getByTestId('chat-message').last()).toContainText('So schön war es heute früh');
  await expect(lenasLog.getByTestId('message-image')).toBeVisible();
  await keepScreenshot(page, `chat-attachments-${project}`);
  await expectAccessible(page, 'chat conversation with attachments');

  // In the channel Lena reads but cannot write.
  await page.goto(`${appHost}/${c.slug}/chat/${channel.id}`);
  await expect(page.getByTestId('composer-note')).toBeVisible();
  await expect(page.getByTestId('composer-field')).toHaveCount(0);
  await keepScreenshot(page, `chat-channel-${project}`);
  await expectAccessible(page, 'channel');

  // A group chat with a poll (polls are for groups only): Lena asks, Max answers, Lena sees it counted live.
  // Lena makes the group on the create page, as a person does.
  await page.goto(`${appHost}/${c.slug}/chat/create`);
  await page.getByTestId('chat-kind-group').click();
  await page.getByTestId('chat-create-name').fill('Yoga-Runde');
  const people = page.getByTestId('chat-create-people');
  await people.click();
  await people.pressSequentially('Max');
  await page.getByRole('option', { name: 'Max Hartmann' }).click();
  await people.press('Escape');
  await expect(page.getByTestId('chat-create-picture')).toBeVisible();
  await keepScreenshot(page, `chat-create-group-${project}`);
  await expectAccessible(page, 'chat create');
  await page.getByTestId('chat-create-submit').click();
  await expect(page).toHaveURL(new RegExp(`/${c.slug}/chat/[0-9a-f-]{36}$`));
  const group = { id: page.url().split('/').pop()! };
  await page.getByTestId('attachment-menu').click();
  await page.getByTestId('attachment-poll').click();
  const pollDialog = page.getByRole('dialog', { name: 'Umfrage erstellen' });
  await pollDialog.getByTestId('poll-question').fill('Wann treffen wir uns?');
  await pollDialog.getByTestId('poll-option-input').nth(0).fill('Samstag');
  await pollDialog.getByTestId('poll-option-input').nth(1).fill('Sonntag');
  await pollDialog.getByTestId('poll-send').click();
  const lenasCard = page.getByTestId('vote-card');
  await expect(lenasCard).toContainText('Wann treffen wir uns?');
  await maxPage.goto(`${appHost}/${c.slug}/chat/${group.id}`);
  const maxCard = maxPage.getByTestId('vote-card');
  await maxCard.getByRole('button', { name: 'Sonntag' }).click();
  await expect(maxCard.getByTestId('vote-results')).toBeVisible();
  await expect(lenasCard.getByTestId('vote-facts')).toContainText('1 Stimme');
  await keepScreenshot(maxPage, `chat-poll-${project}`);
  await expectAccessible(maxPage, 'chat poll');

  // Max names Lena with @: the list offers her, Enter puts her name in, and her copy shows the mention.
  const maxField = maxPage.getByTestId('composer-field');
  await maxField.pressSequentially('Gute Idee @Le');
  const mentionList = maxPage.getByRole('listbox', { name: 'Mitglieder erwähnen' });
  await expect(mentionList.getByRole('option', { name: /^Lena / })).toBeVisible();
  await keepScreenshot(maxPage, `chat-mention-${project}`);
  await expectAccessible(maxPage, 'chat mention list');
  await maxField.press('Enter');
  await expect(mentionList).toHaveCount(0);
  await maxField.pressSequentially('bist du am Sonntag dabei?');
  await maxField.press('Enter');
  await expect(page.locator('[data-testid="chat-message-body"] span[data-type="mention"]')).toHaveText(
    /^@Lena /,
  );
});
