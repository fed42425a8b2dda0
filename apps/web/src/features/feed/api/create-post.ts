import { API_PATHS, API_PREFIX, type ErrorResponse, type FeedItem, type PagedFeed } from '@corral/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session-store.ts';
import { feedKeys } from './query-keys.ts';

export interface NewPost {
  title: string;
  /** Cropped JPEGs, in the order the member arranged them. */
  images: Blob[];
}

/**
 * POST /posts as multipart (`title`, `images`), through XMLHttpRequest because fetch cannot report
 * upload progress. `onProgress` gets the share of bytes sent, 0 to 1.
 */
export function uploadPost(post: NewPost, onProgress: (sent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('title', post.title);
  post.images.forEach((image, index) => {
    form.append('images', image, `photo-${index + 1}.jpg`);
  });
  return new Promise<FeedItem>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}${API_PATHS.posts}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'data' in body) {
        onProgress(1);
        resolve((body as { data: FeedItem }).data);
        return;
      }
      const error = (body ?? {}) as Partial<ErrorResponse>;
      reject(new ApiError(xhr.status, error.message ?? 'Your post could not be published.', error.errors ?? {}));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, {}, true));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Publishes a post and puts it first in the cached timeline, so the member sees it at once. */
export function useCreatePost(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => uploadPost(post, onProgress),
    onSuccess: (item) => {
      queryClient.setQueryData<InfiniteData<PagedFeed>>(feedKeys.timeline(), (data) => {
        if (!data || data.pages.length === 0) return data;
        const [first, ...rest] = data.pages;
        if (!first) return data;
        return { ...data, pages: [{ ...first, data: [item, ...first.data] }, ...rest] };
      });
      queryClient.setQueryData(feedKeys.item(item.id), { data: item });
    },
  });
}
