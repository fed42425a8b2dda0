import type { ReactNode } from 'react';

export interface StaticPageContent {
  title: string;
  updated?: string;
  sections: { heading: string; body: ReactNode }[];
}

export const privacy: StaticPageContent = {
  title: 'Privacy Policy',
  updated: 'January 1, 2025',
  sections: [
    {
      heading: 'What we collect',
      body: 'When you join Corral we keep your name, email address and password (stored only as a secure hash). During onboarding you tell us your date of birth, gender, whether you haul horses for others, and the events and associations you follow. To keep accounts real we verify a phone number. When you use the app we keep what you post: photos, events, comments, likes, shares and reports.',
    },
    {
      heading: 'How we use it',
      body: 'We use your details to run your account, to show you a timeline of your friends and of events that match your interests, to suggest people you may know, and to keep the community safe. We do not sell your personal information and we do not show it to advertisers.',
    },
    {
      heading: 'Who can see what',
      body: 'Members see your name and photo. If your profile is public, signed-in members also see your posts, events and counts; if it is private, only your friends do. Your email address, phone number and date of birth are never shown to other members.',
    },
    {
      heading: 'Photos',
      body: 'When you upload a photo we remove its hidden metadata, such as the GPS position where it was taken, before anyone else can see it.',
    },
    {
      heading: 'Your choices',
      body: 'You can change your profile, make it private, or delete your account at any time from your profile page. See the deletion policy for what happens then.',
    },
    {
      heading: 'Contact',
      body: 'Questions about your privacy: privacy@corral.app.',
    },
  ],
};

export const terms: StaticPageContent = {
  title: 'Terms and Conditions',
  updated: 'January 1, 2025',
  sections: [
    {
      heading: 'Who may join',
      body: 'You must be at least 13 years old to use Corral, and you must give true information about yourself.',
    },
    {
      heading: 'Your account',
      body: 'Keep your password to yourself. You are responsible for what happens under your account; tell us at once at support@corral.app if you think someone else is using it.',
    },
    {
      heading: 'What you post',
      body: 'You keep the rights to the photos and words you post, and you give Corral the permission it needs to store and show them to the members allowed to see them. Post only what you have the right to share.',
    },
    {
      heading: 'Respect in the arena',
      body: 'No harassment, hate, threats, nudity, violence, spam or misleading content, and no posting of other people’s work as your own. Members can report posts; we review reports and may remove content or close accounts that break these rules.',
    },
    {
      heading: 'Events',
      body: 'Organisers are responsible for the accuracy of their events: dates, locations, performances and added money. Corral does not run the events listed in the app.',
    },
    {
      heading: 'Changes',
      body: 'We may update these terms; when we make a significant change we will tell you in the app before it takes effect.',
    },
  ],
};

export const deletion: StaticPageContent = {
  title: 'Account and Data Deletion Policy',
  updated: 'January 1, 2025',
  sections: [
    {
      heading: 'Deleting your account',
      body: 'You can delete your account at any time from your profile page, with the delete-account button. You will be asked to confirm, because this cannot be undone.',
    },
    {
      heading: 'What happens at once',
      body: 'The moment you confirm, you are signed out on every device, you can no longer log in, and your profile, posts, events, comments and likes are hidden from everyone.',
    },
    {
      heading: 'What happens next',
      body: 'Thirty days after the deletion, your account and everything you posted, photos included, are permanently erased from our live systems. Copies in our encrypted backups expire on their own schedule: your data is gone everywhere, backups included, within 90 days of your request.',
    },
    {
      heading: 'What we may keep',
      body: 'If the law requires us to keep a record (for example about a report under investigation), we keep only that record and only as long as required.',
    },
    { heading: 'Questions', body: 'Write to privacy@corral.app and we will answer within 30 days.' },
  ],
};

export const about: StaticPageContent = {
  title: 'About Us',
  sections: [
    {
      heading: 'Built for the arena',
      body: 'Corral is the social and events app for the rodeo and western community: riders, ropers, barrel racers, stock contractors, organisers and the fans who fill the stands.',
    },
    {
      heading: 'What you can do',
      body: 'Follow the events you ride or watch, from Bareback Riding to Goat Tying, and the associations you belong to, from the PRCA and WPRA to your high-school rodeo. Share photos from the road, find the next rodeo with added money, and keep up with the friends you meet at every stop.',
    },
    {
      heading: 'Who we are',
      body: 'A small team of engineers and rodeo people who wanted one place for the whole community, instead of scattered groups and flyers.',
    },
  ],
};
