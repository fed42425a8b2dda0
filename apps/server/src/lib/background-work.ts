/**
 * Work the server does after its answer (emails and SMS that must not shape the answer or its timing).
 * Counted, so that shutdown lets it finish before the database closes, and a test can wait until it is done
 * instead of guessing a moment.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  /** Follows `work` to its end; a failure goes to `onError`, never to whoever started it. */
  track(work: Promise<unknown>, onError: (error: unknown) => void): void {
    const tracked: Promise<void> = work.then(
      () => undefined,
      (error: unknown) => onError(error),
    );
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** Resolves once nothing runs, work started by the work awaited included. */
  async settled(): Promise<void> {
    // One turn of the event loop first: an answer just sent schedules its work in a hook of its own.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.running.size > 0) {
      await Promise.all(this.running);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
