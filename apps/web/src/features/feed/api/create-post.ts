import { API_PATHS } from '@corral/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ItemResponse, prependItem } from '../../../entities/items/api/item-cache.ts';
import { api } from '../../../lib/api-client.ts';

export interface NewPost {
  title: string;
  /** Cropped JPEGs, in the order the member arranged them. */
  images: Blob[];
}

/** POST /posts as multipart (`title`, `images`); `onProgress` gets the share of bytes sent, 0 to 1. */
export function createPost(post: NewPost, onProgress?: (sent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('title', post.title);
  post.images.forEach((image, index) => {
    form.append('images', image, `photo-${index + 1}.jpg`);
  });
  return api.upload<ItemResponse>(API_PATHS.posts, form, { onProgress, signal }).then((answer) => answer.data);
}

/** Publishes a post and puts it first in the cached timeline, so the member sees it at once. */
export function useCreatePost(onProgress: (sent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => createPost(post, onProgress),
    onSuccess: (item) => prependItem(queryClient, item),
  });
}
