import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { settleAnimations } from './axe';
import { createAccount, signInWithPassword, uniqueEmail } from './identity';

type Headers = Record<string, string>;
export type Owner = { email: string; headers: Headers; projectId: string; rootId: string };
export type SeededFile = { id: string; name: string };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Screenshots the cloud journeys keep as artefacts (named in the closing note). */
export const screenshotDir = path.join(root, 'test-results', 'screenshots');

export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // Dialogs and sheets slide and fade in: the picture shows them where they come to rest.
  await settleAnimations(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/** An owner with a project of their own (a file library comes with it), made through the API. */
export async function ownerWithProject(
  request: APIRequestContext,
  testInfo: TestInfo,
  name = 'ablage',
): Promise<Owner> {
  const email = uniqueEmail(testInfo, name);
  const session = await createAccount(request, email);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const project = await request.post('/api/projects', { headers, data: { name: 'Akademie Sonnenberg' } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { data: { id: string } }).data.id;
  const listing = await request.get(`/api/projects/${projectId}/cloud/folders/content?type=my`, { headers });
  expect(listing.status()).toBe(200);
  const rootId = ((await listing.json()) as { meta: { rootId: string } }).meta.rootId;
  return { email, headers, projectId, rootId };
}

const base64 = (value: string) => Buffer.from(value).toString('base64');

/** Uploads bytes through the tus endpoint the web app uses: create, then one PATCH with everything. */
export async function uploadFile(
  request: APIRequestContext,
  owner: Owner,
  name: string,
  bytes: Buffer,
  type: string,
  folderId = owner.rootId,
): Promise<SeededFile> {
  const endpoint = `/api/projects/${owner.projectId}/cloud/files/chunks`;
  const created = await request.post(endpoint, {
    headers: {
      ...owner.headers,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': [
        `filename ${base64(name)}`,
        `filetype ${base64(type)}`,
        `folderId ${base64(folderId)}`,
      ].join(','),
    },
  });
  expect(created.status()).toBe(201);
  const location = created.headers()['location'];
  expect(location).toBeTruthy();
  const finished = await request.patch(new URL(location!, 'http://localhost').pathname, {
    headers: {
      ...owner.headers,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    data: bytes,
  });
  expect(finished.status()).toBe(200);
  const entity = ((await finished.json()) as { data: SeededFile & { status: string | null } }).data;
  // A picture waits in `process` until its thumbnails exist (a moment): seeded files are ready, as a person
  // finds them a little later.
  if (entity.status === 'process' && type.startsWith('image/')) {
    await expect
      .poll(
        async () => {
          const answer = await request.get(`/api/files/${entity.id}`, { headers: owner.headers });
          return ((await answer.json()) as { data: { status: string | null } }).data.status;
        },
        { timeout: 30_000 },
      )
      .not.toBe('process');
  }
  return { id: entity.id, name: entity.name };
}

/** A real picture (a soft gradient with a disc), so thumbnails, preview and crop have something to show. */
export async function pictureBytes(width = 960, height = 640, hue = 210): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,42%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.68}" cy="${height * 0.38}" r="${height * 0.18}" fill="hsl(45,95%,70%)"/>
    <path d="M0 ${height} L${width * 0.35} ${height * 0.45} L${width * 0.62} ${height} Z" fill="hsl(${hue},35%,28%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A small, valid one-page PDF. */
export function pdfBytes(title: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Signs the owner in on the service host and opens the project's library. */
export async function openLibrary(page: Page, owner: Owner, suffix = ''): Promise<void> {
  await page.goto('/auth');
  await signInWithPassword(page, owner.email);
  // Signed in once the app has left the sign-in page (navigating earlier would drop the session).
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(`/projects/${owner.projectId}/cloud${suffix}`);
  await expect(page.getByTestId('cloud-library')).toBeVisible();
}

export const tile = (within: Page | Locator, name: string) =>
  within.locator(`[data-cell][data-name="${name.replace(/"/g, '\\"')}"]`);
