/** The little of oidc-provider (which ships no types) that test/oidc-provider.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface OidcContext {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      params?: Record<string, unknown>;
      provider: Provider;
    };
    type: string;
    body: unknown;
  }
  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (
          ctx: OidcContext,
          id: string,
        ) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> }>;
        loadExistingGrant?: (ctx: OidcContext) => Promise<Grant | undefined>;
        renderError?: (ctx: OidcContext, out: Record<string, unknown>) => Promise<void>;
      },
    );
    Grant: new (init: {
      clientId: string;
      accountId: string;
    }) => Grant;
    on(event: string, listener: (...args: never[]) => void): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
