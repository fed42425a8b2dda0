import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { logInByApi, newcomer, readyMember, signUpByApi, storeSession } from './support.ts';

/**
 * Drafts and the session (ADR 023): Logout and account deletion take every draft of the member off the
 * browser (text in localStorage, photos in IndexedDB, onboarding's date of birth); a session that merely
 * expired leaves them for that member to find after signing in again, and for nobody else.
 */

const ARENA_JPG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/arena.jpg');

type Member = ReturnType<typeof newcomer>;

/** A member signed in on this page through the stored session; answers their id and token. */
async function signedIn(page: Page, request: APIRequestContext, member: Member, ready = true) {
  if (!ready) await signUpByApi(request, member);
  const { id, token } = ready ? await readyMember(request, member) : await logInAs(request, member);
  const headers = { authorization: `Bearer ${token}` };
  const { user } = (await (await request.get('/api/verify', { headers })).json()) as { user: unknown };
  await storeSession(page, token, user);
  return { id, token, headers };
}

async function logInAs(request: APIRequestContext, member: Member) {
  const { id, api_token: token } = await logInByApi(request, member);
  return { id, token };
}

/** Every draft this browser keeps: localStorage and sessionStorage keys, and the photo store's keys. */
function keptDrafts(page: Page) {
  return page.evaluate(async () => {
    const text = [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).filter((key) => key.includes('draft')),
    );
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'corral-drafts')) return text;
    const photos = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('corral-drafts');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('photos')) {
          db.close();
          resolve([]);
          return;
        }
        const keys = db.transaction('photos').objectStore('photos').getAllKeys();
        keys.onsuccess = () => {
          db.close();
          resolve(keys.result.map((key) => `photo ${String(key)}`));
        };
      };
    });
    return [...text, ...photos];
  });
}

/** A post with a cropped photo left in Create Post, and a comment left on the member's own post. */
async function leaveDrafts(page: Page, request: APIRequestContext, headers: Record<string, string>) {
  const post = await request.post('/api/posts', { headers, multipart: { title: 'Team roping tonight' } });
  expect(post.status(), await post.text()).toBe(200);
  await page.goto('/social_home/friend-list');
  await page.getByRole('button', { name: "What's on your mind?" }).click();
  const composer = page.getByRole('dialog', { name: 'Create Post' });
  await composer.getByRole('textbox', { name: 'Post text' }).fill('A post not sent yet');
  await page.getByTestId('post-photo-input').setInputFiles(ARENA_JPG);
  await composer.getByRole('button', { name: 'Confirm Crop' }).click();
  await expect(composer.getByRole('button', { name: 'Change Image 1' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page
    .getByRole('feed', { name: 'Posts' })
    .getByRole('button', { name: /Comments$/ })
    .first()
    .click();
  await page.getByPlaceholder('Write a comment...').fill('A comment not sent yet');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await keptDrafts(page)).length).toBeGreaterThanOrEqual(3);
}

async function logOut(page: Page, menu: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/sign-in', { timeout: 8_000 });
}

test('Logout takes the member’s drafts, photos and onboarding answers off the browser', async ({ page, request }) => {
  const { headers } = await signedIn(page, request, newcomer('logout-drafts'));
  await leaveDrafts(page, request, headers);
  await logOut(page, 'Account menu');
  await expect.poll(() => keptDrafts(page)).toEqual([]);

  // A newcomer half-way through onboarding: the date of birth goes too.
  await signedIn(page, request, newcomer('logout-onboarding'), false);
  await page.goto('/onboarding');
  await page.getByLabel('Date of birth').fill('1994-03-21');
  await expect.poll(async () => (await keptDrafts(page)).length).toBe(1);
  await logOut(page, 'Hello, Jordan');
  await expect.poll(() => keptDrafts(page)).toEqual([]);
});

test('deleting the account takes the member’s drafts off the browser', async ({ page, request }) => {
  const { id, headers } = await signedIn(page, request, newcomer('delete-drafts'));
  await leaveDrafts(page, request, headers);
  await page.goto(`/social_home/myprofile/${id}`);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await page.waitForURL('**/sign-in', { timeout: 8_000 });
  await expect.poll(() => keptDrafts(page)).toEqual([]);
});

test('an expired session keeps the drafts for its member, and another member signing in removes them', async ({
  page,
  request,
}) => {
  const first = newcomer('expired-drafts');
  const { id, token, headers } = await signedIn(page, request, first);
  await leaveDrafts(page, request, headers);
  const expire = async (token: string) => {
    const loggedOut = await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(loggedOut.status(), await loggedOut.text()).toBeLessThan(300);
    await page.reload();
    await page.waitForURL('**/sign-in**');
  };
  const logInHere = async (member: Member) => {
    await page.getByLabel('Email Address', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/social_home/**', { timeout: 8_000 });
  };

  // The session ends elsewhere; signed in again, the member finds what they wrote.
  await expire(token);
  expect((await keptDrafts(page)).filter((key) => key.includes(id)).length).toBeGreaterThanOrEqual(3);
  await logInHere(first);
  await page.goto('/social_home/friend-list');
  await page
    .getByRole('feed', { name: 'Posts' })
    .getByRole('button', { name: /Comments$/ })
    .first()
    .click();
  await expect(page.getByPlaceholder('Write a comment...')).toHaveValue('A comment not sent yet');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: "What's on your mind?" }).click();
  const composer = page.getByRole('dialog', { name: 'Create Post' });
  await expect(composer.getByRole('textbox', { name: 'Post text' })).toHaveValue('A post not sent yet');
  await expect(composer.getByRole('button', { name: 'Change Image 1' })).toBeVisible();
  await page.keyboard.press('Escape');

  // It expires again, and someone else signs in on this browser: the first member's drafts are removed.
  const stored = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  await expire(stored);
  const second = newcomer('next-on-browser');
  await readyMember(request, second);
  await logInHere(second);
  await expect.poll(async () => (await keptDrafts(page)).filter((key) => key.includes(id))).toEqual([]);
});
