import { DATA_EXPORT_LIMITS } from '@corral/contract';

/** README.txt: what each file holds. `missing` names photos that could not be read when the zip was written. */
export function readmeText(c: { name: string; at: Date; missing: readonly string[] }): string {
  return [
    `Your data from Corral, ${c.name}`,
    `Prepared on ${c.at.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    'Everything you wrote or uploaded on Corral, and what Corral keeps about you. Other members appear only as',
    'you see them in the app: an id and a name. Times are in UTC (ISO 8601). Ids link the files together: a',
    "comment's on_item_id is a post's or an event's id, a like's item_id the same.",
    '',
    'profile.json            your account: name, email, date of birth, gender, transport answer, the event types',
    '                        and associations you chose, your phone number (once verified), privacy and who may',
    '                        message you, how you sign in',
    'posts.json              your posts and shares, with earlier versions of edited ones and their photos',
    '                        (file names under images/)',
    'comments.json           your comments, with earlier versions of edited ones',
    'likes.json              the posts and events you liked',
    'events.json             the events you created (with performances, added money, event types,',
    '                        associations and the photo) and the events you follow',
    'friends.json            your friends and since when',
    'friend_requests.json    friend requests you sent and received that are still waiting',
    'notifications.json      your notifications',
    "messages.json           your conversations: all of your messages, and the other member's messages you can",
    '                        read in the app (their photos are counted, not copied: they are theirs)',
    'hauls.json              your horses, haul offers (with the bookings on them), requests, bookings,',
    '                        reviews you wrote and saved searches',
    'blocks_mutes.json       the members you blocked and muted',
    'reports.json            the reports you filed and where they stand',
    'images/                 the photos you uploaded, at their full size, turned upright, with their metadata',
    '                        (EXIF, GPS and the like) removed when uploaded: JPEG (.jpg), or PNG (.png) for GIFs',
    '                        and photos with transparency. Photos uploaded before Corral kept them at full size',
    '                        are the largest copy it keeps (.webp, up to 1280 px wide). post-*, share-*, event-*',
    '                        (by item id and position), message-* (by message id), profile.* (your profile photo)',
    '',
    `This file was made for you only. The download link works for ${DATA_EXPORT_LIMITS.keepDays} days; after that the file is deleted.`,
    ...(c.missing.length > 0
      ? ['', 'These photos could not be read when the zip was written and are empty:', ...c.missing]
      : []),
    '',
  ].join('\n');
}
