import { type APIRequestContext, expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { newcomer, readyMember, storeSession } from './support.ts';

/**
 * Nothing a member types is lost (issue 15), for the small boxes: a comment, a share's comment, a report's
 * 'Other' reason, the help form, the edit-name dialog and sign-up's name and address. Each keeps its text when
 * its dialog is closed by Escape or a click beside it, when the page is left or reloaded, and when the server
 * refuses it or cannot be reached; each forgets it once sent. The drafts and the session are in
 * lost-input-drafts-session.e2e.ts.
 */

/** A set-up member signed in on this page, with a post of their own (its id). */
async function memberWithPost(page: Page, request: APIRequestContext, prefix: string) {
  const member = newcomer(prefix);
  const { id, token, headers } = await readyMember(request, member);
  const post = await request.post('/api/posts', { headers, multipart: { title: `Calf roping at noon ${prefix}` } });
  expect(post.status(), await post.text()).toBe(200);
  const { user } = (await (await request.get('/api/verify', { headers })).json()) as { user: unknown };
  await storeSession(page, token, user);
  return { member, id, headers, postId: ((await post.json()) as { data: { id: number } }).data.id };
}

/** The member's own post in the feed (opened at /social_home/friend-list). */
async function ownPost(page: Page) {
  const post = page.getByRole('feed', { name: 'Posts' }).getByRole('article').first();
  await expect(post).toContainText('Calf roping at noon');
  return post;
}

/** Closes the open dialog by a click on the veil beside it (above it on a phone, where it is a bottom sheet). */
async function clickBeside(page: Page) {
  await page.mouse.click(8, 8);
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * The next write (not a GET) to `path` is refused by the server (500) or cut off like a dropped connection;
 * later ones go through.
 */
async function refuseOnce(page: Page, path: string, how: 'refuse' | 'drop') {
  let done = false;
  await page.route(`**${path}`, (route: Route) => {
    if (done || route.request().method() === 'GET') return route.fallback();
    done = true;
    if (how === 'refuse') return route.fulfill({ status: 500, json: { message: 'Something went wrong.' } });
    return route.abort('internetdisconnected');
  });
}

test('the comment box keeps its text through Escape, a click beside, a reload, the post page and a failure @phone', async ({
  page,
  request,
}) => {
  const { postId } = await memberWithPost(page, request, 'commenter');
  const openComments = async () => {
    await (await ownPost(page)).getByRole('button', { name: /Comments$/ }).click();
    return page.getByRole('dialog', { name: "Jordan's Post" });
  };
  const box = (scope: Page | Locator) => scope.getByPlaceholder('Write a comment...');
  const text = 'Half a thought about the short round';
  await page.goto('/social_home/friend-list');

  let dialog = await openComments();
  await box(dialog).fill(text);
  await page.keyboard.press('Escape');
  dialog = await openComments();
  await expect(box(dialog)).toHaveValue(text);
  await clickBeside(page);
  await page.reload();
  dialog = await openComments();
  await expect(box(dialog)).toHaveValue(text);

  // The post's own page shows the same comment being written.
  await page.goto(`/social_home/post/${postId}`);
  const thread = page.getByRole('region', { name: 'Comments' });
  await expect(box(thread)).toHaveValue(text);

  // Refused, then cut off: the text stays, and is still there after a reload.
  for (const how of ['refuse', 'drop'] as const) {
    await refuseOnce(page, `/api/posts/${postId}/comments`, how);
    await thread.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(thread.getByRole('alert')).toBeVisible();
    await expect(box(thread)).toHaveValue(text);
  }
  await page.reload();
  await expect(box(thread)).toHaveValue(text);

  // Posted, it is gone: the box is empty, after a reload too.
  await thread.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(thread.getByRole('list', { name: 'Comments' })).toContainText(text);
  await expect(box(thread)).toHaveValue('');
  await page.reload();
  await expect(thread.getByRole('list', { name: 'Comments' })).toContainText(text);
  await expect(box(thread)).toHaveValue('');
});

test('Share to Feed keeps its comment through a reload and a failure; shared, it is gone @phone', async ({
  page,
  request,
}) => {
  const { postId } = await memberWithPost(page, request, 'sharer');
  const openShare = async () => {
    await (await ownPost(page)).getByRole('button', { name: /Shares$/ }).click();
    await page.getByRole('menuitem', { name: 'Share to Feed (with comment)' }).click();
    return page.getByRole('dialog', { name: 'Share to Feed' });
  };
  const text = 'Proud of this one';
  await page.goto('/social_home/friend-list');

  let dialog = await openShare();
  await dialog.getByRole('textbox').fill(text);
  await page.keyboard.press('Escape');
  await page.reload();
  dialog = await openShare();
  await expect(dialog.getByRole('textbox')).toHaveValue(text);

  for (const how of ['refuse', 'drop'] as const) {
    await refuseOnce(page, `/api/posts/${postId}/share`, how);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveValue(text);
  }
  await clickBeside(page);
  await page.reload();
  dialog = await openShare();
  await expect(dialog.getByRole('textbox')).toHaveValue(text);

  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toContainText(text);
  await page.reload();
  dialog = await openShare();
  await expect(dialog.getByRole('textbox')).toHaveValue('');
});

test("the Report dialog keeps its 'Other' reason through Escape, a reload and a failure; sent, it is gone", async ({
  page,
  request,
}) => {
  // Another member's post, reported from its page.
  const author = await readyMember(request, newcomer('reported'));
  const post = await request.post('/api/posts', {
    headers: author.headers,
    multipart: { title: 'Selling a saddle, message me' },
  });
  const postId = ((await post.json()) as { data: { id: number } }).data.id;
  await memberWithPost(page, request, 'reporter');
  const openReport = async () => {
    await page.getByRole('button', { name: 'Post options' }).first().click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    return page.getByRole('dialog', { name: 'Report This Post' });
  };
  const text = 'Not about rodeo at all';
  await page.goto(`/social_home/post/${postId}`);

  let dialog = await openReport();
  await dialog.getByRole('radio', { name: 'Other' }).click();
  await dialog.getByRole('textbox').fill(text);
  await page.keyboard.press('Escape');
  dialog = await openReport();
  await expect(dialog.getByRole('radio', { name: 'Other' })).toBeChecked();
  await expect(dialog.getByRole('textbox')).toHaveValue(text);
  await page.reload();
  dialog = await openReport();
  await expect(dialog.getByRole('textbox')).toHaveValue(text);

  for (const how of ['refuse', 'drop'] as const) {
    await refuseOnce(page, `/api/posts/${postId}/report`, how);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('textbox')).toHaveValue(text);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  }

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Report submitted with reason: "Other"')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.reload();
  dialog = await openReport();
  await expect(dialog.getByRole('radio', { name: 'Spam or Misleading' })).toBeChecked();
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
});

test('the help form keeps each topic its message across the topics, a reload and a failure; sent, it is gone @phone', async ({
  page,
  request,
}) => {
  await memberWithPost(page, request, 'helper');
  await page.goto('/social_home/help?topic=help');
  const message = page.getByLabel('What do you need help with?');
  const text = 'How do I add a second association?';
  await message.fill(text);
  await page.getByRole('link', { name: 'Feedback Submission' }).click();
  await page.getByLabel('What would you like to tell us?').fill('Love the event calendar');
  await page.getByRole('link', { name: 'Help Center' }).click();
  await expect(message).toHaveValue(text);
  await page.reload();
  await expect(message).toHaveValue(text);

  for (const how of ['refuse', 'drop'] as const) {
    await refuseOnce(page, '/api/feedback', how);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(message).toHaveValue(text);
  }

  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(message).toHaveValue('');
  await page.reload();
  await expect(message).toHaveValue('');
  // The other topic's message is its own, and still there.
  await page.getByRole('link', { name: 'Feedback Submission' }).click();
  await expect(page.getByLabel('What would you like to tell us?')).toHaveValue('Love the event calendar');
});

test('Edit name keeps a new name through Escape, a click beside, a reload and a failure; Cancel and Save end it', async ({
  page,
  request,
}) => {
  const { member, id } = await memberWithPost(page, request, 'renamer');
  await page.goto(`/social_home/myprofile/${id}`);
  const openEditor = async () => {
    await page.getByRole('button', { name: 'Edit name' }).click();
    return page.getByRole('dialog', { name: 'Edit name' });
  };
  let dialog = await openEditor();
  await dialog.getByLabel('First name').fill('Jolene');
  await page.keyboard.press('Escape');
  dialog = await openEditor();
  await expect(dialog.getByLabel('First name')).toHaveValue('Jolene');
  await clickBeside(page);
  await page.reload();
  dialog = await openEditor();
  await expect(dialog.getByLabel('First name')).toHaveValue('Jolene');
  await expect(dialog.getByLabel('Last name')).toHaveValue(member.lastName);

  for (const how of ['refuse', 'drop'] as const) {
    await refuseOnce(page, '/api/me', how);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
    await expect(dialog.getByLabel('First name')).toHaveValue('Jolene');
  }

  // Cancel means the name stays as it is: the next opening shows it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  dialog = await openEditor();
  await expect(dialog.getByLabel('First name')).toHaveValue('Jordan');
  await dialog.getByLabel('First name').fill('Jolene');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `Jolene ${member.lastName}` })).toBeVisible();
  await page.reload();
  dialog = await openEditor();
  await expect(dialog.getByLabel('First name')).toHaveValue('Jolene');
});

test('sign-up keeps the name and address through a reload and a refusal, never the password @phone', async ({
  page,
}) => {
  const member = newcomer('signup-draft');
  const name = `${member.firstName} ${member.lastName}`;
  await page.goto('/sign-up');
  // The page is prerendered: type once the app has taken the form over (Register is enabled then).
  await expect(page.getByRole('button', { name: 'Register' })).toBeEnabled();
  await page.getByLabel('Full Name', { exact: true }).fill(name);
  await page.getByLabel('Email Address', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(member.password);
  await page.reload();
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue(member.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  const stored = () =>
    page.evaluate(() =>
      [localStorage, sessionStorage].flatMap((storage) => Object.keys(storage).map((key) => storage.getItem(key))),
    );
  expect((await stored()).join('\n')).not.toContain(member.password);

  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(member.password);
  await refuseOnce(page, '/api/signup', 'drop');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue(member.email);
  expect((await stored()).join('\n')).not.toContain(member.password);

  // Registered, the draft is gone.
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/sign-in', { timeout: 8_000 });
  await page.goto('/sign-up');
  await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Email Address', { exact: true })).toHaveValue('');
});
