/**
 * The script of the pages delivered as static HTML (the marketing home, the policy pages): their
 * behaviour without React. A member gets the web app on top (their greeting and menu in the header).
 */
import { isMemberOnThisDevice } from '../lib/storage-keys.ts';
import { enhance } from './enhance.ts';

enhance(document);

const appEntry = document.documentElement.dataset.appEntry;
if (appEntry && isMemberOnThisDevice()) void import(/* @vite-ignore */ appEntry);
