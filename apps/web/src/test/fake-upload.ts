import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterEach, beforeEach, vi } from 'vitest';

/** One upload the page started, held until the test answers it. */
export interface HeldUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** Reports `loaded` of `total` bytes sent, as the browser's upload progress does. */
  progress(loaded: number, total: number): void;
  /** Answers the upload; an undefined body answers an empty one. */
  respond(status: number, body: unknown, statusText?: string): void;
  /** The connection is lost (the browser's `error` event). */
  fail(): void;
  aborted: boolean;
}

/**
 * The network boundary of uploads: XMLHttpRequest (api-client's `upload`) replaced by one that holds each
 * request for the test to answer, so a component test sees the upload in flight and then its outcome.
 */
export function fakeUploads() {
  const uploads: HeldUpload[] = [];

  class HeldXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private held: HeldUpload = {
      method: '',
      url: '',
      headers: {},
      body: new FormData(),
      aborted: false,
      progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
      respond: (status, body, statusText) => {
        this.status = status;
        this.statusText = statusText ?? (status < 300 ? 'OK' : 'Error');
        this.responseText = body === undefined ? '' : JSON.stringify(body);
        this.onload?.();
      },
      fail: () => this.onerror?.(),
    };
    open(method: string, url: string) {
      this.held.method = method;
      this.held.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.held.headers[name.toLowerCase()] = value;
    }
    send(body: FormData) {
      this.held.body = body;
      uploads.push(this.held);
    }
    abort() {
      this.held.aborted = true;
      this.onabort?.();
    }
  }

  beforeEach(() => {
    uploads.length = 0;
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return uploads;
}

/**
 * jsdom's Blob and File can be neither kept in IndexedDB (a structured clone of one is an empty object) nor
 * given to URL.createObjectURL (Node's, in jsdom); Node's implement the standard, as browsers do. Tests
 * that choose or keep photos use them.
 */
export function standardBlobs() {
  beforeEach(() => {
    vi.stubGlobal('Blob', NodeBlob);
    vi.stubGlobal('File', NodeFile);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** A small 'photo' of the given type (jsdom decodes no image, so its bytes need not be one). */
export const photoFile = (name = 'arena.jpg', type = 'image/jpeg') =>
  new NodeFile(['not really a jpeg'], name, { type }) as unknown as File;
