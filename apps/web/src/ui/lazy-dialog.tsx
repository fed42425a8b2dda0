import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { NETWORK_ERROR_MESSAGE } from '../lib/api-client.ts';
import { Spinner } from './spinner.tsx';

/** The props of the app's dialogs: opened and closed by their opener. */
interface OpenProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

export interface LazyDialogOptions<P> {
  /** Whether the dialog is open; `props.open` unless told. */
  isOpen?: (props: P) => boolean;
  /** Asks the opener to close it (when its code cannot be loaded); `props.onOpenChange(false)` unless told. */
  close?: (props: P) => void;
}

/** A dialog whose code is fetched when it first opens; `preload()` fetches it sooner (opener hovered or focused). */
export type LazyDialog<P> = ComponentType<P> & { preload: () => void };

/**
 * A dialog loaded on first use, so that a page's first load carries none of the dialogs it may open (issue
 * 10's budgets). It renders nothing until first opened, a spinner while its code arrives, then the dialog,
 * which stays mounted from then on (its state and close animation are those of a dialog imported as usual).
 * If the code cannot be fetched, the dialog closes with the network error and the next opening tries again.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: LazyDialogOptions<P> = {},
): LazyDialog<P> {
  const isOpen = options.isOpen ?? ((props: P) => Boolean((props as OpenProps).open));
  const close = options.close ?? ((props: P) => (props as OpenProps).onOpenChange?.(false));
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new DialogLoadError(error);
    });
    return loading;
  };
  // React keeps a lazy component's failure for good: a failed load makes a new one, for the next opening.
  const makeLoaded = () => lazy(async () => ({ default: await preload() }));
  let Loaded = makeLoaded();

  function DeferredDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    const failed = () => {
      Loaded = makeLoaded();
      setOpened(false);
      toast.error(NETWORK_ERROR_MESSAGE);
      close(props);
    };
    return (
      <LoadFailure onFailure={failed}>
        <Suspense fallback={open ? <DialogLoading /> : null}>
          <Loaded {...props} />
        </Suspense>
      </LoadFailure>
    );
  }
  // A failed early fetch is not an error yet: opening the dialog tries again and says so if it fails.
  return Object.assign(DeferredDialog, { preload: () => void preload().catch(() => undefined) });
}

/** What shows while a dialog's code arrives: a veil and a spinner where the dialog will be. */
function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/30">
      <span className="rounded-full bg-white p-3 text-leather-800 shadow-lg">
        <Spinner label="Loading…" />
      </span>
    </div>
  );
}

/** A dialog's code could not be fetched (offline, or a new release replaced the file). */
class DialogLoadError extends Error {
  constructor(cause: unknown) {
    super('A dialog could not be loaded.', { cause });
    this.name = 'DialogLoadError';
  }
}

/**
 * Catches a dialog whose code could not be fetched, so the page around it stays; any other error goes on to
 * the route's error boundary, as it would without the lazy loading.
 */
class LoadFailure extends Component<{ onFailure: () => void; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof DialogLoadError) this.props.onFailure();
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof DialogLoadError) return null;
    throw error;
  }
}
