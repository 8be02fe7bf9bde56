import { expect, test } from '@playwright/test';
import { createAccount, signInWithPassword, uniqueEmail, visitorHeaders } from './support/identity';
import { expectAccessible } from './support/axe';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

test('an owner creates a project and an app on the service host and finds the app on the dashboard', { tag: '@desktop-only' }, async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail(testInfo, 'owner');
  await createAccount(request, email);

  await page.goto('/auth');
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText('Noch keine Projekte')).toBeVisible();

  // Create the project: the name is required, then the new project's dashboard opens.
  await page.getByTestId('projects-create').click();
  await expect(page).toHaveURL(/\/projects\/create$/);
  await page.getByTestId('create-project-submit').click();
  await expect(page.getByText('Bitte füllen Sie dieses Feld aus.')).toBeVisible();
  await expectAccessible(page, 'create project with an error');
  await page.getByTestId('create-project-name').fill('Akademie Nord');
  await page.getByTestId('create-project-submit').click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('project-switcher')).toContainText('Akademie Nord');
  await expect(page.getByTestId('apps-empty')).toBeVisible();
  await expectAccessible(page, 'project dashboard, no apps', { dark: true });

  // Create an app; the address preview follows the name until a slug is typed.
  await page.getByTestId('apps-create').click();
  await page.getByTestId('create-app-name').fill('Yoga für Einsteiger');
  await expect(page.getByTestId('create-app-preview')).toContainText('/yoga-fuer-einsteiger');
  const slug = `yoga-${Date.now().toString(36)}`;
  await page.getByTestId('create-app-slug').fill(slug);
  await expect(page.getByTestId('create-app-preview')).toContainText(`/${slug}`);
  await expectAccessible(page, 'create app dialog');
  await page.getByTestId('create-app-submit').click();

  const card = page.getByTestId(`app-card-${slug}`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('app-card-link')).toHaveAttribute(
    'href',
    new RegExp(`//app\\.localhost:\\d+/${slug}$`),
  );
  await expect(page.getByTestId('usage-apps')).toContainText('1');
  await expectAccessible(page, 'project dashboard with an app');

  // The project is now the current one: the empty path opens it.
  const projectPath = new URL(page.url()).pathname;
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`${projectPath}$`));
  await expect(page.getByTestId(`app-card-${slug}`)).toBeVisible();

  // The list shows the project with its app count.
  await page.goto('/projects');
  await expect(page.getByText('1 App')).toBeVisible();
  await expectAccessible(page, 'projects');
});
