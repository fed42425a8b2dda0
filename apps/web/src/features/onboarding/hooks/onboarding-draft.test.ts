import { describe, expect, it } from 'vitest';
import { draftKey } from '../../../lib/storage-keys.ts';
import { memoryStorage, refusingStorage } from '../../../test/storage.ts';
import {
  clearOnboardingDraft,
  loadOnboardingDraft,
  parseOnboardingDraft,
  saveOnboardingDraft,
} from './onboarding-draft.ts';

describe('the onboarding draft', () => {
  it('keeps each member their own answers', () => {
    const storage = memoryStorage();
    saveOnboardingDraft(storage, 'a', { age: '1994-03-21', gender: 'female', event_type_ids: [], association_ids: [] });
    saveOnboardingDraft(storage, 'b', { age: '', gender: 'male', event_type_ids: ['2'], association_ids: [] });
    expect(loadOnboardingDraft(storage, 'a')).toEqual({
      age: '1994-03-21',
      gender: 'female',
      event_type_ids: [],
      association_ids: [],
    });
    expect(loadOnboardingDraft(storage, 'b')?.event_type_ids).toEqual(['2']);
    clearOnboardingDraft(storage, 'a');
    expect(loadOnboardingDraft(storage, 'a')).toBeNull();
    expect(loadOnboardingDraft(storage, 'b')).not.toBeNull();
  });

  it('forgets a draft with no answer, and keeps nothing for no member', () => {
    const storage = memoryStorage();
    saveOnboardingDraft(storage, 'a', { age: '1994-03-21', event_type_ids: [], association_ids: [] });
    saveOnboardingDraft(storage, 'a', { age: '', gender: null, event_type_ids: [], association_ids: [] });
    expect(storage.items.has(draftKey({ member: 'a', form: 'onboarding' }))).toBe(false);
    saveOnboardingDraft(storage, '', { age: '1994-03-21' });
    expect(storage.items.size).toBe(0);
  });

  it('reads back only what has the right kind, leaving the rest unanswered', () => {
    expect(
      parseOnboardingDraft(
        JSON.stringify({ age: 7, gender: 'other', transport_id: 2, event_type_ids: [1, '4', null, {}], x: 1 }),
      ),
    ).toEqual({ age: '', transport_id: '2', event_type_ids: ['1', '4'], association_ids: [] });
    expect(parseOnboardingDraft('not json')).toBeNull();
    expect(parseOnboardingDraft('[1]')).toBeNull();
    expect(parseOnboardingDraft(null)).toBeNull();
  });

  it('survives a storage that refuses to be written', () => {
    const storage = refusingStorage();
    expect(() => saveOnboardingDraft(storage, 'a', { age: '1994-03-21' })).not.toThrow();
    expect(loadOnboardingDraft(storage, 'a')).toBeNull();
    expect(() => clearOnboardingDraft(storage, 'a')).not.toThrow();
  });
});
