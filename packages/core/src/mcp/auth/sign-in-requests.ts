import { AbortedError } from '../../errors.js';
import type { McpToolEvent } from '../mcp-hub-options.js';
import type { ElicitationAnswer } from '../pending-answers.js';
import { McpAuthError } from './mcp-auth-error.js';
import type { ServerAuth } from './server-auth.js';

interface Pending {
  accept: () => void;
  decline: () => void;
}

/**
 * "Connect <server>" questions: a tool call whose server needs the user's sign-in raises a
 * `clarify.request` (source `mcp-auth`, with the scopes asked for) and waits. Accepting it through
 * `respond` opens the sign-in synchronously, inside the user's click, so the browser allows the popup;
 * the call goes on when the tokens are stored.
 */
export class SignInRequests {
  readonly #pending = new Map<string, Pending>();
  readonly #beforeRedirect: (auth: ServerAuth) => void;

  /** `beforeRedirect` runs when a blocked popup makes the tab itself leave to sign in. */
  constructor(beforeRedirect: (auth: ServerAuth) => void) {
    this.#beforeRedirect = beforeRedirect;
  }

  get ids(): string[] {
    return [...this.#pending.keys()];
  }

  /** Asks the user through `emit` and signs in when they accept; rejects with {@link McpAuthError} otherwise. */
  ask(
    auth: ServerAuth,
    sink: { emit: (event: McpToolEvent) => void; hold?: () => () => void },
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<void> {
    const requestId = `mcpauth_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
    return new Promise<void>((resolve, reject) => {
      const release = sink.hold?.();
      const done = () => {
        this.#pending.delete(requestId);
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        done();
        release?.();
        reject(new AbortedError(signal.reason));
      };
      const timer = setTimeout(() => {
        done();
        release?.();
        reject(new McpAuthError(auth.serverId, 'sign_in_required', 'nobody answered the sign-in request'));
      }, timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(requestId, {
        accept: () => {
          done();
          openSignIn(auth, auth.authorizationUrl(), signal, this.#beforeRedirect)
            .then(resolve, reject)
            .finally(() => release?.());
        },
        decline: () => {
          done();
          release?.();
          reject(new McpAuthError(auth.serverId, 'denied', 'the user declined to connect'));
        },
      });
      const scopes = auth.requestedScopes;
      sink.emit({
        type: 'clarify.request',
        requestId,
        question: `Connect your ${auth.serverId} account to continue${scopes.length ? ` (access asked for: ${scopes.join(', ')})` : ''}.`,
        source: 'mcp-auth',
        serverId: auth.serverId,
        scopes,
      });
    });
  }

  /** Answers a Connect question: accept opens the sign-in now (call it inside the click). */
  respond(requestId: string, answer: ElicitationAnswer | Record<string, unknown>): boolean {
    const pending = this.#pending.get(requestId);
    if (!pending) return false;
    if ('action' in answer && answer.action !== 'accept') pending.decline();
    else pending.accept();
    return true;
  }

  /** Declines every open question (the hub is closing). */
  close(): void {
    for (const pending of [...this.#pending.values()]) pending.decline();
  }
}

/**
 * Runs one sign-in: `open` is called synchronously (a popup must open inside the user's click), then the
 * redirect it brings back is finished (state check, code exchange, tokens stored).
 */
export async function openSignIn(
  auth: ServerAuth,
  url: Promise<URL> | URL,
  signal: AbortSignal,
  beforeRedirect: (auth: ServerAuth) => void,
): Promise<void> {
  const back = auth.signIn.open(url, {
    signal,
    serverId: auth.serverId,
    beforeRedirect: async () => beforeRedirect(auth),
  });
  let callback: URL;
  try {
    callback = await back;
  } catch (error) {
    if (error instanceof McpAuthError || error instanceof AbortedError) throw error;
    throw new McpAuthError(
      auth.serverId,
      'server_error',
      error instanceof Error ? error.message : String(error),
      error,
    );
  }
  await auth.finish(callback);
}
