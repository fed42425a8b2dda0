/**
 * The behaviour of the static public pages, in plain DOM code: the header's off-canvas menu, the carousels,
 * the newsletter form and the footer's year. The markup comes from React (prerendered at build, or rendered by
 * the SPA); this finds it by data attributes, so one implementation serves both. Keep it small and free of
 * React, zod and the contract: it is most of the JavaScript a visitor of the home page downloads.
 *
 * Markup it looks for:
 * - `[data-menu-toggle][aria-controls=ID]` opening `#ID` (`[data-menu-panel]`, a dialog) and `[data-menu-backdrop]`;
 *   `[data-menu-close]` inside the panel.
 * - `[data-carousel]` with `[data-carousel-track]` (scroll-snap), `[data-carousel-slide]`, a `[data-carousel-controls]`
 *   box (hidden until enhanced) with `[data-carousel-prev]`, `[data-carousel-next]` and `[data-carousel-dot]`.
 * - `form[data-newsletter]` with an email input, a submit button and `[data-newsletter-status]` (role=status).
 * - `[data-year]`: set to the current year (a page built last year still shows this one).
 */

import { setUpCarousel } from './carousel.ts';
import { type Cleanup, listeners, reducedMotion } from './dom.ts';

/** Elements already given their behaviour, with the function that takes it away: enhancing is idempotent. */
const enhanced = new WeakMap<Element, Cleanup>();

const SETUPS: [string, (element: HTMLElement) => Cleanup][] = [
  ['[data-menu-toggle]', setUpMenu],
  ['[data-carousel]', setUpCarousel],
  ['form[data-newsletter]', setUpNewsletter],
  ['[data-year]', setUpYear],
];

export function enhance(root: ParentNode): Cleanup {
  const cleanups: Cleanup[] = [];
  for (const [selector, setUp] of SETUPS) {
    const found = Array.from(root.querySelectorAll<HTMLElement>(selector));
    if (root instanceof HTMLElement && root.matches(selector)) found.unshift(root);
    for (const element of found) {
      if (enhanced.has(element)) continue;
      const cleanup = setUp(element);
      enhanced.set(element, cleanup);
      cleanups.push(() => {
        enhanced.delete(element);
        cleanup();
      });
    }
  }
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

/** Replaces an element's text in place (React may own the text node; it never changes it itself). */
function setText(element: Element, text: string) {
  const only = element.childNodes.length === 1 ? element.firstChild : null;
  if (only && only.nodeType === Node.TEXT_NODE) only.nodeValue = text;
  else element.textContent = text;
}

// ---------------------------------------------------------------------------------------------------------------
// The off-canvas menu: a dialog sliding in from the right, focus moved into it and trapped, Escape, the close
// button, a click outside or on one of its links close it, and the focus goes back to the Menu button.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

function setUpMenu(toggle: HTMLElement): Cleanup {
  const doc = toggle.ownerDocument;
  const panel = doc.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!panel) return () => {};
  const backdrop = doc.querySelector<HTMLElement>(`[data-menu-backdrop="${panel.id}"]`);
  const always = listeners();
  let whileOpen = listeners();
  let hideTimer = 0;

  const focusables = () =>
    Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.offsetParent !== null);

  const open = () => {
    window.clearTimeout(hideTimer);
    panel.hidden = false;
    if (backdrop) backdrop.hidden = false;
    void panel.offsetWidth; // start the slide from the closed position
    panel.setAttribute('data-open', '');
    backdrop?.setAttribute('data-open', '');
    toggle.setAttribute('aria-expanded', 'true');
    doc.documentElement.style.overflow = 'hidden';
    (panel.querySelector<HTMLElement>('[data-menu-close]') ?? focusables()[0])?.focus();
    whileOpen = listeners();
    whileOpen.on(doc, 'keydown', onKeydown);
    whileOpen.on(doc, 'pointerdown', onPointerDown);
    whileOpen.on(window, 'resize', () => {
      if (toggle.offsetParent === null) close(false); // the wide header has no Menu button: nothing to return to
    });
  };

  const close = (returnFocus: boolean) => {
    if (toggle.getAttribute('aria-expanded') !== 'true') return;
    whileOpen.off();
    panel.removeAttribute('data-open');
    backdrop?.removeAttribute('data-open');
    toggle.setAttribute('aria-expanded', 'false');
    doc.documentElement.style.overflow = '';
    const hide = () => {
      panel.hidden = true;
      if (backdrop) backdrop.hidden = true;
    };
    if (reducedMotion()) hide();
    else hideTimer = window.setTimeout(hide, 200);
    if (returnFocus) toggle.focus();
  };

  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = doc.activeElement;
      if (!panel.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const onPointerDown = (event: PointerEvent) => {
    const target = event.target as Node;
    if (!panel.contains(target) && !toggle.contains(target)) close(false);
  };

  always.on(toggle, 'click', () => {
    if (toggle.getAttribute('aria-expanded') === 'true') close(true);
    else open();
  });
  always.on(panel, 'click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-menu-close]')) close(true);
    else if (target.closest('a[href]')) close(false); // the link navigates (maybe to a section of this page)
  });

  return () => {
    close(false);
    window.clearTimeout(hideTimer);
    panel.hidden = true;
    if (backdrop) backdrop.hidden = true;
    always.off();
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The newsletter form: checked by the browser's own email rule, sent as JSON, the server's message shown in the
// live region (success or error), the field marked invalid when the server says so (422).

// The contract's NEWSLETTER_MESSAGES (packages/contract/src/newsletter.ts), copied: importing it would bring zod.
const NEWSLETTER = {
  required: 'Please enter your email address.',
  invalid: 'Please enter a valid email address.',
  network: 'Could not subscribe. Check your connection and try again.',
  failed: 'Could not subscribe. Please try again later.',
  subscribed: 'Thank you for subscribing to the Corral newsletter!',
  busy: 'Subscribing…',
};

function setUpNewsletter(form: HTMLElement): Cleanup {
  if (!(form instanceof HTMLFormElement)) return () => {};
  const input = form.querySelector<HTMLInputElement>('input[type="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
  if (!input || !button || !status) return () => {};
  const events = listeners();
  const idle = button.textContent ?? 'Subscribe';
  let sending = false;
  form.noValidate = true; // our own message in the live region instead of the browser's bubble

  const show = (tone: 'success' | 'error' | null, message: string) => {
    if (tone) status.setAttribute('data-tone', tone);
    else status.removeAttribute('data-tone');
    status.textContent = message;
  };
  const markInvalid = (invalid: boolean) => {
    if (invalid) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', status.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  };
  const setBusy = (busy: boolean) => {
    sending = busy;
    button.disabled = busy;
    setText(button, busy ? NEWSLETTER.busy : idle);
    if (busy) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sending) return;
    input.value = input.value.trim();
    if (!input.value || !input.checkValidity()) {
      markInvalid(true);
      show('error', input.value ? NEWSLETTER.invalid : NEWSLETTER.required);
      input.focus();
      return;
    }
    markInvalid(false);
    show(null, '');
    setBusy(true);
    try {
      const response = await fetch(form.getAttribute('action') || '/api/newsletter', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: input.value }),
      });
      const body: unknown = await response.json().catch(() => null);
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : '';
      if (response.ok) {
        input.value = '';
        show('success', message || NEWSLETTER.subscribed);
      } else {
        if (response.status === 422) markInvalid(true);
        show('error', message || NEWSLETTER.failed);
        if (response.status === 422) input.focus();
      }
    } catch {
      show('error', NEWSLETTER.network);
    } finally {
      setBusy(false);
    }
  };

  events.on(form, 'submit', (event) => void submit(event as SubmitEvent));
  events.on(input, 'input', () => {
    if (input.hasAttribute('aria-invalid')) markInvalid(false);
  });
  return () => {
    events.off();
    form.noValidate = false;
  };
}

// ---------------------------------------------------------------------------------------------------------------

function setUpYear(element: HTMLElement): Cleanup {
  const year = String(new Date().getFullYear());
  if (element.textContent !== year) setText(element, year);
  return () => {};
}
