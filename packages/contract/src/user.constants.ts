/** Where a member without an avatar is shown (spec: image paths). */
export const USER_PLACEHOLDER_IMAGE = '/assets/img/icon/user-placeholder.png';
