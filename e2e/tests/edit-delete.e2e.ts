import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { animationsDone, logInByApi, newcomer, readyMember, storeSession, uniqueStamp } from './support.ts';

/**
 * Issue 17, deliverable 7: a member edits and deletes what they wrote. An edit says "edited" and shows the earlier
 * versions to whoever sees the item; a delete takes the item out of every list and count at once.
 */

const PHONE = { width: 360, height: 740 };

type Member = ReturnType<typeof newcomer> & { id: string; token: string };

async function member(request: APIRequestContext, firstName: string): Promise<Member> {
  const details = { ...newcomer('edits'), firstName };
  const { id, token } = await readyMember(request, details);
  return { ...details, id, token };
}

async function signedIn(page: Page, request: APIRequestContext, who: Member) {
  const user = await logInByApi(request, who);
  await storeSession(page, user.api_token, user);
}

const auth = (who: Member) => ({ authorization: `Bearer ${who.token}` });

async function postBy(request: APIRequestContext, who: Member, title: string): Promise<number> {
  const response = await request.post('/api/posts', { headers: auth(who), multipart: { title } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data.id;
}

async function send(request: APIRequestContext, who: Member, url: string, data: object = {}) {
  const response = await request.post(url, { headers: auth(who), data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text }).first();

test('a member edits a post and sees "edited" and its history, edits and deletes comments, and deletes posts and shares with the counts following', async ({
  page,
  request,
}) => {
  const stamp = uniqueStamp();
  const owner = await member(request, 'Avery');
  const fan = await member(request, 'Blake');
  const first = `First take ${stamp}`;
  const second = `Second take ${stamp}`;
  const id = await postBy(request, owner, first);
  await send(request, fan, `/api/posts/${id}/comments`, { text: `Nice run ${stamp}` });
  const fanShare = (await send(request, fan, `/api/posts/${id}/share`, { comment: `Look ${stamp}` })).id as number;

  await signedIn(page, request, owner);
  await page.goto(`/social_home/post/${id}`);
  const mine = card(page, first);
  await expect(mine.getByRole('button', { name: '1 Shares' })).toBeVisible();

  // Edit the post: Save waits for a change; the card then says "edited".
  await mine.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Post' });
  const text = editor.getByRole('textbox', { name: 'Post text' });
  await expect(text).toHaveValue(first);
  await expect(text).toBeFocused();
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await text.fill(second);
  await animationsDone(editor);
  await page.screenshot({ path: test.info().outputPath('edit-dialog.png') });
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText('Your post was updated.')).toBeVisible();
  const edited = card(page, second);
  await expect(edited.getByRole('button', { name: 'edited: show earlier versions' })).toBeVisible();
  // Focus is back on the menu's button.
  await expect(edited.getByRole('button', { name: 'Post options' })).toBeFocused();

  // Its history, as the fan sees it too.
  await edited.getByRole('button', { name: 'edited: show earlier versions' }).click();
  const history = page.getByRole('dialog', { name: 'Edit history' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText(first);
  await animationsDone(history);
  await page.screenshot({ path: test.info().outputPath('history-dialog.png') });
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  const seenByFan = await request.get(`/api/posts/${id}/revisions`, { headers: auth(fan) });
  expect((await seenByFan.json()).data).toEqual([{ text: first, written_at: expect.any(String) }]);

  // On the post's page: the owner writes, edits and keeps a comment, and deletes the fan's.
  const thread = page.getByRole('region', { name: 'Comments' });
  await thread.getByPlaceholder('Write a comment...').fill(`Thanks ${stamp}`);
  await thread.getByRole('button', { name: 'Post', exact: true }).click();
  const ownName = `${owner.firstName} ${owner.lastName}`;
  await thread.getByRole('button', { name: `Options for ${ownName}'s comment` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const box = thread.getByRole('textbox', { name: 'Edit your comment' });
  await expect(box).toBeFocused();
  await box.fill(`Thanks a lot ${stamp}`);
  await box.press('Control+Enter');
  await expect(thread.getByText(`Thanks a lot ${stamp}`)).toBeVisible();
  await expect(thread.getByRole('button', { name: 'edited: show earlier versions' })).toBeVisible();

  const fanName = `${fan.firstName} ${fan.lastName}`;
  await thread.getByRole('button', { name: `Options for ${fanName}'s comment` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(thread.getByText(`Nice run ${stamp}`)).toBeHidden();
  await expect(card(page, second).getByRole('button', { name: '1 Comments' })).toBeVisible();

  // The owner shares the post, then deletes the share: the post counts it no more, in the feed as well.
  await send(request, owner, `/api/posts/${id}/share`, {});
  await page.goto('/social_home/friend-list');
  const feed = page.getByRole('feed', { name: 'Posts' });
  const ownShare = feed
    .getByRole('article')
    .filter({ hasText: `Shared by ${ownName}` })
    .first();
  const original = feed.getByRole('article').filter({ hasText: second }).filter({ hasNotText: 'Shared by' });
  await expect(original.getByRole('button', { name: '2 Shares' })).toBeVisible();
  await ownShare.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this share?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Your post was deleted.')).toBeVisible();
  await expect(feed.getByRole('article').filter({ hasText: `Shared by ${ownName}` })).toHaveCount(0);
  await expect(original.getByRole('button', { name: '1 Shares' })).toBeVisible();

  // The post itself: gone from the feed at once, and from everyone: the fan's share of it with it.
  await original.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(feed.getByRole('article').filter({ hasText: second })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('feed', { name: 'Posts' }).getByText(second)).toHaveCount(0);
  expect((await request.get(`/api/posts/${fanShare}`, { headers: auth(fan) })).status()).toBe(404);
  const bell = await (await request.get('/api/notifications', { headers: auth(owner) })).json();
  expect(bell.total).toBe(0);
});

test('at 360 px: edit a post, read its history, delete a comment @phone', async ({ page, request }) => {
  const stamp = uniqueStamp();
  const owner = await member(request, 'Casey');
  const id = await postBy(request, owner, `Phone take ${stamp}`);
  await send(request, owner, `/api/posts/${id}/comments`, { text: `Typo ${stamp}` });
  await signedIn(page, request, owner);
  await page.setViewportSize(PHONE);
  await page.goto(`/social_home/post/${id}`);

  const mine = card(page, `Phone take ${stamp}`);
  await mine.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Post' });
  await editor.getByRole('textbox', { name: 'Post text' }).fill(`Phone take, fixed ${stamp}`);
  // The sheet fits the screen: Save is on it, whole.
  const save = editor.getByRole('button', { name: 'Save' });
  await animationsDone(editor);
  const saveBox = await save.boundingBox();
  expect(saveBox && saveBox.x >= 0 && saveBox.x + saveBox.width <= PHONE.width).toBe(true);
  expect(saveBox && saveBox.y + saveBox.height <= PHONE.height).toBe(true);
  await page.screenshot({ path: test.info().outputPath('edit-dialog-phone.png') });
  await save.click();
  await expect(editor).toBeHidden();

  await card(page, `Phone take, fixed ${stamp}`).getByRole('button', { name: 'edited: show earlier versions' }).click();
  const history = page.getByRole('dialog', { name: 'Edit history' });
  await expect(history.getByRole('listitem').first()).toContainText(`Phone take ${stamp}`);
  await animationsDone(history);
  await page.screenshot({ path: test.info().outputPath('history-dialog-phone.png') });
  await history.getByRole('button', { name: 'Close' }).click();

  const thread = page.getByRole('region', { name: 'Comments' });
  await thread.getByRole('button', { name: /^Options for .+'s comment$/ }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(thread.getByText(`Typo ${stamp}`)).toBeHidden();
  await expect(thread.getByText('No comments yet. Be the first to comment!')).toBeVisible();
  await expect(card(page, `Phone take, fixed ${stamp}`).getByRole('button', { name: '0 Comments' })).toBeVisible();
});
