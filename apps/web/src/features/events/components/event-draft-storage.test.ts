import { newEventDraft } from '@corral/contract';
import { describe, expect, it } from 'vitest';
import { draftKey } from '../../../lib/storage-keys.ts';
import { memoryStorage, refusingStorage } from '../../../test/storage.ts';
import {
  clearEventDraft,
  isBlankDraft,
  loadEventDraft,
  parseEventDraft,
  saveEventDraft,
} from './event-draft-storage.ts';

describe('event draft storage', () => {
  it('keeps a draft per member and reads it back', () => {
    const storage = memoryStorage();
    const draft = { ...newEventDraft('America/Denver'), eventTitle: 'Cheyenne Frontier Days', eventTypeIds: ['3'] };
    saveEventDraft(storage, 'member-a', draft);
    expect(storage.items.has(draftKey({ member: 'member-a', form: 'event' }))).toBe(true);
    expect(loadEventDraft(storage, 'member-b')).toBeNull();
    const back = loadEventDraft(storage, 'member-a');
    expect(back?.eventTitle).toBe('Cheyenne Frontier Days');
    expect(back?.timeZone).toBe('America/Denver');
    expect(back?.eventTypeIds).toEqual(['3']);
    expect(back?.performances).toHaveLength(2);
    clearEventDraft(storage, 'member-a');
    expect(loadEventDraft(storage, 'member-a')).toBeNull();
  });

  it('forgets a blank draft rather than keeping it', () => {
    const storage = memoryStorage();
    saveEventDraft(storage, 'm', { ...newEventDraft('UTC'), eventTitle: 'x' });
    saveEventDraft(storage, 'm', newEventDraft('UTC'));
    expect(storage.items.size).toBe(0);
  });

  it('tells a blank draft from a started one', () => {
    expect(isBlankDraft(newEventDraft('UTC'))).toBe(true);
    expect(isBlankDraft({ ...newEventDraft('UTC'), privateEvent: true })).toBe(false);
    const rows = newEventDraft('UTC').performances ?? [];
    expect(isBlankDraft({ ...newEventDraft('UTC'), performances: [...rows, { name: '', date: '', time: '' }] })).toBe(
      false,
    );
    expect(isBlankDraft({ ...newEventDraft('UTC'), performances: [{ name: 'Team Roping', date: '', time: '' }] })).toBe(
      false,
    );
  });

  it('reads damaged or foreign values as the new draft', () => {
    expect(parseEventDraft('not json')).toBeNull();
    expect(parseEventDraft('[1,2]')).toBeNull();
    const draft = parseEventDraft(
      JSON.stringify({ eventTitle: 5, performances: 'x', privateEvent: 'yes', eventTypeIds: [1, {}], tour: 'yes' }),
      'UTC',
    );
    expect(draft?.eventTitle).toBe('');
    expect(draft?.performances).toHaveLength(2);
    expect(draft?.privateEvent).toBe(false);
    expect(draft?.eventTypeIds).toEqual(['1']);
    expect(draft?.tour).toBe('yes');
  });

  it('survives a storage that throws', () => {
    const broken = refusingStorage();
    expect(loadEventDraft(broken, 'm')).toBeNull();
    expect(() => saveEventDraft(broken, 'm', { ...newEventDraft('UTC'), eventTitle: 'x' })).not.toThrow();
    expect(() => clearEventDraft(broken, 'm')).not.toThrow();
  });
});
