import { LIMITS } from './limits.ts';

/** Feed item `type` codes (architecture): 1 post, 3 re-shared post, 2 post shared with a comment,
 * 5 event shared with a comment, 4 event, 6 re-shared event. */
export const FEED_TYPES = ['1', '2', '3', '4', '5', '6'] as const;

export const REPORT_REASONS = [
  'Spam or Misleading',
  'Harassment or Hateful Content',
  'Nudity or Sexual Activity',
  'Violence or Dangerous Content',
  'Intellectual Property Violation',
  'Other',
] as const;

export const FEED_MESSAGES = {
  createPostPlaceholder: "What's on your mind?",
  commentPlaceholder: 'Write a comment...',
  noComments: 'No comments yet. Be the first to comment!',
  reportTitle: 'Report This Post',
  reportQuestion: 'Why is this inappropriate?',
  reportOtherBlank: 'Please specify your reason in the text box.',
  reportSubmitted: (reason: string) => `Report submitted with reason: "${reason}"`,
  alreadyReported: 'You have already reported this post.',
  linkCopied: 'Link copied to clipboard!',
  copyFailed: 'Failed to copy link.',
  shareTitle: 'Check this out!',
  loadMoreFailed: 'Could not load more posts.',
  dropImageOnly: 'Please drop an image file.',
  postEmpty: 'Write something or add a photo.',
  postTooLong: 'The post is too long.',
  commentEmpty: 'Write a comment first.',
  notAnImage: 'This file is not an image we can use. Please choose a JPEG, PNG, GIF, WebP or AVIF photo.',
  imageTooLarge: 'This photo is too large. Photos can be at most 10 MB and 40 megapixels.',
  tooManyImages: `A post can have at most ${LIMITS.postImagesMax} photos.`,
  unknownContentType: 'Unknown content type',
} as const;

/** The marker on an edited post or comment (trust and safety, ADR 028 "Edits"): here, as the post card shows it. */
export const EDITED_MARKER = 'edited';
