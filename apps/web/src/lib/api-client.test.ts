import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeUploads } from '../test/fake-upload.ts';
import { ApiError, api, apiUrl, NETWORK_ERROR_MESSAGE } from './api-client.ts';

const uploads = fakeUploads();
const sent = () => {
  const upload = uploads.at(-1);
  if (!upload) throw new Error('nothing was sent');
  return upload;
};

beforeEach(() => {
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'token' ? 'secret' : null) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('query strings', () => {
  it('are built with URLSearchParams, leaving out undefined and null', () => {
    expect(apiUrl('/home/timeline')).toBe('/api/home/timeline');
    expect(apiUrl('/home/timeline', { cursor: null })).toBe('/api/home/timeline');
    expect(apiUrl('/friends', { q: 'Cody & Co', cursor: undefined, page: 2 })).toBe(
      '/api/friends?q=Cody+%26+Co&page=2',
    );
    expect(apiUrl('/posts/1/comments', { cursor: 'a/b=' })).toBe('/api/posts/1/comments?cursor=a%2Fb%3D');
  });

  it('reach fetch with the token', async () => {
    const fetch = vi.fn(async () => new Response('{"data":[]}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await expect(api.get('/home/timeline', { query: { cursor: 'c1' } })).resolves.toEqual({ data: [] });
    expect(fetch).toHaveBeenCalledWith(
      '/api/home/timeline?cursor=c1',
      expect.objectContaining({
        method: 'GET',
        headers: { accept: 'application/json', authorization: 'Bearer secret' },
      }),
    );
  });

  it("carry a 429's Retry-After in seconds", async () => {
    const body = '{"message":"Too many requests. Please try again in 42 seconds."}';
    vi.stubGlobal('fetch', async () => new Response(body, { status: 429, headers: { 'retry-after': '42' } }));
    const refused = await api.post('/contacts/send-verification-code', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });
});

describe('uploads', () => {
  const form = () => new FormData();

  it('send the token, report progress and answer the body', async () => {
    const onProgress = vi.fn();
    const answer = api.upload<{ data: { id: number } }>('/posts', form(), { onProgress });
    const xhr = sent();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/posts']);
    expect(xhr.headers).toEqual({ accept: 'application/json', authorization: 'Bearer secret' });
    xhr.progress(50, 100);
    xhr.respond(200, { data: { id: 7 } });
    await expect(answer).resolves.toEqual({ data: { id: 7 } });
    expect(onProgress.mock.calls).toEqual([[0.5], [1]]);
  });

  it("fail with the server's message and field errors", async () => {
    const answer = api.upload('/posts', form());
    sent().respond(422, { message: 'Too many images.', errors: { images: ['At most 10.'] } });
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Too many images.', isNetworkError: false });
    expect((error as ApiError).fieldError('images')).toBe('At most 10.');
  });

  it('fail with the status text when the body says nothing', async () => {
    const answer = api.upload('/posts', form());
    sent().respond(502, undefined, 'Bad Gateway');
    await expect(answer).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('turn a lost connection into the network error', async () => {
    const answer = api.upload('/posts', form());
    sent().fail();
    await expect(answer).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE, isNetworkError: true });
  });

  it('reject with an AbortError when aborted, as fetch does', async () => {
    const controller = new AbortController();
    const answer = api.upload('/posts', form(), { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });

    const before = uploads.length;
    await expect(api.upload('/posts', form(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(uploads).toHaveLength(before);
  });
});
