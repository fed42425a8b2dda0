import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { type DraftAddress, type DraftForm, readDraft, writeDraft } from './drafts.ts';
import { useSession } from './session-store.ts';
import { draftKey } from './storage-keys.ts';

/** The signed-in member's id, or '' (no draft is kept without one). */
export const useMemberId = () => useSession((state) => state.currentUser?.id) ?? '';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A text box kept as the signed-in member's draft of `form` (for `item`): it starts from what was kept, every
 * change is kept at once (a blank one forgets it), and `clear` forgets it, for after a successful send. It
 * does not need the component to be mounted still: a send that ends after its dialog closed clears it too.
 */
export function useTextDraft(form: DraftForm, item?: string | number) {
  const member = useMemberId();
  const address: DraftAddress = { member, form, item };
  const key = draftKey(address);
  const [draft, setDraft] = useState(() => ({ key, text: textOf(readDraft(address)) }));
  // Another member, or another item in the same place: its own draft.
  if (draft.key !== key) setDraft({ key, text: textOf(readDraft(address)) });
  const text = draft.key === key ? draft.text : textOf(readDraft(address));
  return {
    text,
    setText(next: string) {
      setDraft({ key, text: next });
      writeDraft(address, next.trim() ? next : undefined);
    },
    clear() {
      setDraft({ key, text: '' });
      writeDraft(address, undefined);
    },
  };
}

/**
 * An edit of a text that exists (a post's, a comment's) kept as the signed-in member's draft of `form` for
 * `item`: it starts from what was kept, or else from `current`; every change is kept at once, a blank one
 * too (emptying is an edit), and forgotten once it is `current` again; `clear` forgets it after a save.
 */
export function useEditDraft(form: DraftForm, item: string | number, current: string) {
  const member = useMemberId();
  const address: DraftAddress = { member, form, item };
  const key = draftKey(address);
  const kept = () => {
    const value = readDraft(address) as { text?: unknown } | undefined;
    return typeof value?.text === 'string' ? value.text : undefined;
  };
  const [draft, setDraft] = useState(() => ({ key, text: kept() }));
  if (draft.key !== key) setDraft({ key, text: kept() });
  const text = draft.key === key ? draft.text : kept();
  return {
    text: text ?? current,
    /** Whether a kept edit differs from the current text. */
    changed: text !== undefined,
    setText(next: string) {
      const value = next === current ? undefined : next;
      setDraft({ key, text: value });
      writeDraft(address, value === undefined ? undefined : { text: value });
    },
    clear() {
      setDraft({ key, text: undefined });
      writeDraft(address, undefined);
    },
  };
}

/**
 * Keeps a react-hook-form form's values as the draft at `address` on every change: `pick` says what of them is
 * kept (never a password), or undefined when there is nothing worth keeping (the draft is forgotten).
 */
export function useKeepFormDraft<T extends FieldValues>(
  watch: UseFormWatch<T>,
  address: DraftAddress,
  pick: (values: Partial<T>) => unknown,
): void {
  const { member, form, item } = address;
  // The latest `pick`, without subscribing again for each render's new function.
  const latestPick = useRef(pick);
  useEffect(() => {
    latestPick.current = pick;
  });
  useEffect(() => {
    const subscription = watch((values) =>
      writeDraft({ member, form, item }, latestPick.current(values as Partial<T>)),
    );
    return () => subscription.unsubscribe();
  }, [watch, member, form, item]);
}
