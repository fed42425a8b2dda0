/**
 * Editing and deleting one's own posts, shares and comments (issue 17, ADR 028 "Edits"). A module of its own: the
 * feed's first load needs none of it (the dialogs that show it load on first use).
 */
export const EDIT_MESSAGES = {
  notYourPost: 'You can only edit or delete your own posts.',
  notYourComment: 'You can only edit your own comments.',
  cannotDeleteComment: 'Only its author or the author of the post can delete this comment.',
  eventEditedOnItsPage: 'Events are edited on their own page.',
  shareWithoutComment: 'A share without a comment has nothing to edit.',
  shareCommentEmpty: 'Write a comment, or delete the share.',
  editPostTitle: 'Edit Post',
  editShareTitle: 'Edit Share',
  postUpdated: 'Your post was updated.',
  commentUpdated: 'Your comment was updated.',
  deletePostTitle: 'Delete this post?',
  deleteShareTitle: 'Delete this share?',
  deletePostText:
    "It leaves every feed and profile at once, with its likes, comments and shares. You won't be able to revert this!",
  deleteCommentTitle: 'Delete this comment?',
  deleteCommentText: "You won't be able to revert this!",
  postDeleted: 'Your post was deleted.',
  commentDeleted: 'The comment was deleted.',
  historyTitle: 'Edit history',
  historyIntro: 'Earlier versions, newest first. The card shows the current one.',
  historyEmpty: 'No earlier versions.',
  historyNoText: '(no text)',
} as const;
