import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES, FEED_MESSAGES, LIMITS } from '@corral/contract';
import { type KeyboardEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useTextDraft } from '../../../lib/use-draft.ts';
import { isImageFile } from '../../../ui/crop/crop-image.ts';
import { Icon } from '../../../ui/icons.tsx';
import { ComposerPhotos } from './composer-photos.tsx';
import type { OutboxPhoto } from './outbox.ts';

const BODY_MAX = CONVERSATION_LIMITS.bodyMax;
const PHOTOS_MAX = CONVERSATION_LIMITS.photosMax;
/** The counter shows once this close to the limit. */
const COUNTER_FROM = BODY_MAX - 200;

export interface ComposerHandle {
  focus: () => void;
}

export interface ComposerProps {
  /** Whose draft this is: the conversation's id, or `to-<member>` before its first message. */
  draftItem: string | number;
  /** Who the message goes to, for the text box's label. */
  recipientName: string;
  onSend: (message: { body: string; photos: OutboxPhoto[] }) => void;
  /** Takes the focus as it appears (a conversation opened). */
  autoFocus?: boolean;
  ref?: Ref<ComposerHandle>;
}

/**
 * The message being written: a text box (Enter sends, Shift+Enter starts a new line; a counter near the
 * limit), up to 4 photos with their previews, and Send. The text is the member's draft for the conversation
 * (lib/use-draft.ts) until it is sent; the photos live as long as the view. Sending hands both to the outbox
 * at once and keeps the focus in the text box, for the next message.
 */
export function Composer({ draftItem, recipientName, onSend, autoFocus = false, ref }: ComposerProps) {
  const { text, setText, clear } = useTextDraft('message', draftItem);
  const [photos, setPhotos] = useState<OutboxPhoto[]>([]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const counterId = useId();
  useImperativeHandle(ref, () => ({ focus: () => textarea.current?.focus() }), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on appearing only.
  useEffect(() => {
    if (autoFocus) textarea.current?.focus();
  }, []);

  // Photos chosen and not sent: their previews go with the view.
  const unsent = useRef(photos);
  unsent.current = photos;
  useEffect(
    () => () => {
      for (const photo of unsent.current) URL.revokeObjectURL(photo.url);
    },
    [],
  );

  const canSend = text.trim() !== '' || photos.length > 0;

  function submit() {
    if (!canSend) return;
    onSend({ body: text.trim(), photos });
    clear();
    setPhotos([]);
    textarea.current?.focus();
  }

  function choose(files: File[]) {
    const images = files.filter(isImageFile);
    const fitting = images.filter((file) => file.size <= LIMITS.imageMaxBytes);
    if (fitting.length < images.length) toast.error(FEED_MESSAGES.imageTooLarge);
    const room = PHOTOS_MAX - photos.length;
    if (fitting.length > room) toast.error(CONVERSATION_MESSAGES.tooManyPhotos);
    const taken = fitting
      .slice(0, Math.max(0, room))
      .map((file) => ({ id: crypto.randomUUID(), file, url: URL.createObjectURL(file) }));
    if (taken.length > 0) setPhotos((current) => [...current, ...taken]);
  }

  function remove(id: string) {
    setPhotos((current) =>
      current.filter((photo) => {
        if (photo.id === id) URL.revokeObjectURL(photo.url);
        return photo.id !== id;
      }),
    );
    textarea.current?.focus();
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      className="border-t border-leather-100 bg-white px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ComposerPhotos photos={photos} onRemove={remove} />
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="message-photo-input"
        onChange={(event) => {
          choose([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <div className="flex items-end gap-1">
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={photos.length >= PHOTOS_MAX}
          aria-label="Add photos"
          title="Add photos"
          className="grid size-10 shrink-0 place-items-center rounded-full text-leather-700 hover:bg-leather-50 disabled:cursor-not-allowed disabled:text-stone-300"
        >
          <Icon name="image" />
        </button>
        <label htmlFor={textId} className="sr-only">
          {`Message to ${recipientName}`}
        </label>
        <textarea
          ref={textarea}
          id={textId}
          value={text}
          maxLength={BODY_MAX}
          rows={1}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={keyDown}
          placeholder="Write a message…"
          aria-describedby={text.length > COUNTER_FROM ? counterId : undefined}
          className="max-h-40 min-h-10 min-w-0 flex-1 resize-none rounded-2xl border border-leather-200 bg-leather-50/40 px-3 py-2 text-base [field-sizing:content] focus:border-leather-600 focus:outline-none focus:ring-1 focus:ring-leather-600"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Send"
          title="Send"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-leather-700 text-white hover:bg-leather-800 disabled:cursor-not-allowed disabled:bg-leather-200"
        >
          <Icon name="send" className="size-5" />
        </button>
      </div>
      {text.length > COUNTER_FROM && (
        <p id={counterId} className="px-12 pt-1 text-right text-xs text-stone-500" aria-live="polite">
          {text.length} / {BODY_MAX}
        </p>
      )}
    </form>
  );
}
