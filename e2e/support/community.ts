import {
  expect as baseExpect,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { createAccount, signInWithPassword, uniqueEmail, visitorHeaders } from './identity';

/* The community journeys' shared set-up (community.e2e.ts, notifications.e2e.ts). */

// Screens ask the server for several things at once; on a machine shared by many test runs that takes a moment.
const expect = baseExpect.configure({ timeout: 20_000 });

const port = Number(process.env.E2E_PORT); // chosen free by playwright.config.ts
export const appHost = `http://app.localhost:${port}`;

export type Person = { email: string; token: string; profileId: string };
export type Community = {
  slug: string;
  appId: string;
  owner: Person;
  lena: Person;
  max: Person;
  tom: Person;
  group: { id: string; slug: string };
  privateSpace: { id: string; slug: string };
  openSpace: { id: string; slug: string };
};

export const data = async <T>(
  answer: Awaited<ReturnType<APIRequestContext['get']>>,
  status = 200,
): Promise<T> => {
  expect(answer.status(), await answer.text()).toBe(status);
  return ((await answer.json()) as { data: T }).data;
};

/**
 * The shared set-up, through the API: an owner with an app whose community guests may read, three members
 * (Lena, Max, Tom), and — what an admin does in the settings — a group with a private and an open space.
 */
export async function setUpCommunity(request: APIRequestContext, testInfo: TestInfo): Promise<Community> {
  const person = async (name: string): Promise<Omit<Person, 'profileId'>> => {
    const email = uniqueEmail(testInfo, name);
    return { email, token: (await createAccount(request, email)).accessToken };
  };
  const owner = await person('gemeinde-admin');
  const auth = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
  const project = await data<{ id: string }>(
    await request.post('/api/projects', { headers: auth(owner), data: { name: 'Yoga Studio Lindenhof' } }),
    201,
  );
  const slug = `gemeinde-${testInfo.project.name}-${Date.now().toString(36)}`;
  const app = await data<{ id: string }>(
    await request.post(`/api/projects/${project.id}/apps`, {
      headers: auth(owner),
      data: { name: 'Lindenhof', slug },
    }),
    201,
  );
  await data(
    await request.patch(`/api/apps/${app.id}/community/settings`, {
      headers: auth(owner),
      data: { isVisibleToGuests: true },
    }),
  );
  const member = async (name: string, firstName: string, lastName: string): Promise<Person> => {
    const account = await person(name);
    // The names the community shows are the accounts'.
    await data(await request.patch('/api/user', { headers: auth(account), data: { firstName, lastName } }));
    const profile = await data<{ id: string }>(
      await request.post(`/api/apps/${app.id}/invite`, {
        headers: auth(owner),
        data: { email: account.email, firstName, lastName, isInvited: false },
      }),
      201,
    );
    return { ...account, profileId: profile.id };
  };
  const lena = await member('lena', 'Lena', 'Vogel');
  const max = await member('max', 'Max', 'Hartmann');
  const tom = await member('tom', 'Tom', 'Fremd');
  const group = await data<{ id: string; slug: string }>(
    await request.post(`/api/apps/${app.id}/community/groups`, {
      headers: auth(owner),
      data: { name: 'Yoga & Bewegung', description: 'Üben, austauschen, dranbleiben.' },
    }),
    201,
  );
  const space = async (name: string, access: 'open' | 'private') =>
    data<{ id: string; slug: string }>(
      await request.post(`/api/groups/${group.id}/spaces`, {
        headers: auth(owner),
        data: { name, access, description: `${name}: der Raum für alle Fragen.` },
      }),
      201,
    );
  const privateSpace = await space('Lehrerteam', 'private');
  const openSpace = await space('Offener Treff', 'open');
  return {
    slug,
    appId: app.id,
    owner: { ...owner, profileId: '' },
    lena,
    max,
    tom,
    group,
    privateSpace,
    openSpace,
  };
}

/**
 * A browser of its own for each person, on the project's device, from an address of its own (the sign-in limits
 * count per address).
 */
export function freshContext(browser: Browser, testInfo: TestInfo, visitor: number) {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = testInfo.project.use;
  const address = visitorHeaders(testInfo)['X-Forwarded-For']?.replace(/\.\d+$/, `.${visitor}`) ?? '10.0.0.1';
  return browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    userAgent,
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
}

export async function signedInPage(
  browser: Browser,
  testInfo: TestInfo,
  c: Community,
  who: Person,
  visitor: number,
): Promise<Page> {
  const context = await freshContext(browser, testInfo, visitor);
  const page = await context.newPage();
  await page.goto(`${appHost}/${c.slug}/auth`);
  // A new browser loads everything for the first time.
  await expect(page.getByTestId('signin-form')).toBeVisible();
  await signInWithPassword(page, who.email);
  await expect(page).toHaveURL(new RegExp(`/${c.slug}$`));
  return page;
}

/**
 * Follows an entry of the app's main menu as a person does: in the header's row, or behind "Mehr" when the row
 * has no room for it (header-nav.tsx shows the entries that fit).
 */
export async function openMenuEntry(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' }).first();
  await expect(nav).toBeVisible();
  const link = nav.getByRole('link', { name, exact: true });
  if ((await link.count()) > 0) {
    await link.click();
    return;
  }
  await nav.getByRole('button', { name: 'Mehr' }).click();
  await page.getByRole('menuitem', { name }).click();
}
