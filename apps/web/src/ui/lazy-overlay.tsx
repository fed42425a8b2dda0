import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  useRef,
  useState,
} from 'react';
import { toast } from 'sonner';
import { NETWORK_ERROR_MESSAGE } from '../lib/api-client.ts';

/** What every lazily loaded overlay gets from its wrapper. */
export interface LazyOverlayProps {
  /** The button that opens it: a `<button type="button">` the overlay's own trigger part wraps (asChild). */
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** What the loaded overlay gets besides: whether its first opening came from the keyboard. */
export interface LoadedOverlayProps extends LazyOverlayProps {
  /** The first opening was by keyboard: a menu focuses its first item (Radix cannot know, it was not mounted). */
  openedByKeyboard: boolean;
}

export interface LazyOverlayOptions {
  /** The trigger's aria-haspopup, the one the Radix trigger gives it. */
  popup: 'menu' | 'dialog';
  /** ArrowDown on the trigger opens it too (menus). */
  arrowDownOpens?: boolean;
}

/** An overlay whose code is fetched when first pressed; `preload()` fetches it sooner. */
export type LazyOverlay<P> = ComponentType<P & LazyOverlayProps> & { preload: () => void };

type TriggerProps = {
  onPointerEnter?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

/**
 * An overlay (menu, popover, sheet) whose Radix code loads on first use, so that a page's first load carries
 * none of it (issue 10's budgets; `lazy-dialog.tsx` does the same for dialogs). Until then its trigger renders
 * at once as a plain button with the same name and `aria-haspopup`/`aria-expanded="false"`; hovering or
 * focusing it fetches the code; pressing it (pointer, Enter, Space, and ArrowDown for menus) loads the overlay
 * and opens it (controlled `open`, so that first press opens it). From then on the loaded overlay renders
 * trigger and all, exactly as if imported as usual; another instance mounted later starts loaded. If the code
 * cannot be fetched, the network-error toast shows and the next press tries again.
 */
export function lazyOverlay<P extends object>(
  load: () => Promise<ComponentType<P & LoadedOverlayProps>>,
  { popup, arrowDownOpens = false }: LazyOverlayOptions,
): LazyOverlay<P> {
  let loaded: ComponentType<P & LoadedOverlayProps> | undefined;
  let loading: Promise<ComponentType<P & LoadedOverlayProps>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function DeferredOverlay(props: P & LazyOverlayProps) {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [openedByKeyboard, setOpenedByKeyboard] = useState(false);
    const pressed = useRef(false);
    if (Loaded) return <Loaded {...props} openedByKeyboard={openedByKeyboard} />;

    const { trigger, onOpenChange } = props;
    const own = trigger.props as TriggerProps;
    const press = (button: HTMLElement, byKeyboard: boolean) => {
      if (pressed.current) return; // a second press while the code arrives
      pressed.current = true;
      preload().then(
        (component) => {
          pressed.current = false;
          setOpenedByKeyboard(byKeyboard);
          setLoaded(() => component);
          onOpenChange(true);
        },
        () => {
          pressed.current = false;
          toast.error(NETWORK_ERROR_MESSAGE);
          if (button.isConnected && document.activeElement === document.body) button.focus();
        },
      );
    };
    const warm = () => void preload().catch(() => undefined); // a failed early fetch is retried on press
    return cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
      'aria-haspopup': popup,
      'aria-expanded': false,
      'data-state': 'closed',
      onPointerEnter: (event: MouseEvent<HTMLElement>) => {
        own.onPointerEnter?.(event);
        warm();
      },
      onFocus: (event: FocusEvent<HTMLElement>) => {
        own.onFocus?.(event);
        warm();
      },
      // A click by Enter or Space has no pointer behind it: detail 0.
      onClick: (event: MouseEvent<HTMLElement>) => {
        own.onClick?.(event);
        if (!event.defaultPrevented) press(event.currentTarget, event.detail === 0);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        own.onKeyDown?.(event);
        if (arrowDownOpens && event.key === 'ArrowDown' && !event.defaultPrevented) {
          event.preventDefault();
          press(event.currentTarget, true);
        }
      },
    });
  }
  return Object.assign(DeferredOverlay, { preload: () => void preload().catch(() => undefined) });
}

/** The first item of a menu that just opened by keyboard, as Radix focuses it when it saw the key itself. */
export function focusFirstMenuItem(content: HTMLElement | null) {
  content?.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus();
}
