import { AbortedError, AgentChatError } from '../../errors.js';
import type { McpHubEvent, McpToolEvent } from '../mcp-hub-options.js';
import type { ElicitationAnswer } from '../pending-answers.js';
import { McpAuthError } from './mcp-auth-error.js';
import { rememberReturn, takeCallback } from './redirect-return.js';
import type { McpAccount, ServerAuth } from './server-auth.js';
import { openSignIn, SignInRequests } from './sign-in-requests.js';

/** Where a sign-in question goes: the tool call in flight that needs it. */
export interface SignInSink {
  emit: (event: McpToolEvent) => void;
  hold?: () => () => void;
}

/** A sign-in that left the tab (popup blocked) and was finished by `McpHub.start()` when the page came back. */
export interface McpResumedSignIn {
  serverId: string;
  /** True when the tokens were stored; false when the sign-in failed (`error` says why). */
  signedIn: boolean;
  error?: AgentChatError;
  /** What `onSignInRedirect` returned before the tab left (e.g. the message that waited). */
  state: unknown;
}

/**
 * The hub's side of the user's sign-ins: decides how a server that answered 401 / 403 gets a token
 * (headless at once; otherwise a Connect question in the call that needs it, or `mcp.auth.required`
 * when no call is waiting), and the Connect / sign-out / accounts actions of a UI.
 */
export class HubSignIn {
  readonly #requests = new SignInRequests((auth) => this.#beforeRedirect(auth));
  readonly #keep: ((serverId: string) => unknown) | undefined;
  #resumed: McpResumedSignIn[] = [];
  readonly #closing: AbortSignal;
  readonly #emit: (event: McpHubEvent) => void;
  readonly #callSink: (serverId: string) => SignInSink | undefined;
  readonly #answerTimeoutMs: number;

  constructor(options: {
    closing: AbortSignal;
    emit: (event: McpHubEvent) => void;
    callSink: (serverId: string) => SignInSink | undefined;
    answerTimeoutMs: number;
    onSignInRedirect?: ((serverId: string) => unknown) | undefined;
  }) {
    this.#keep = options.onSignInRedirect;
    this.#closing = options.closing;
    this.#emit = options.emit;
    this.#callSink = options.callSink;
    this.#answerTimeoutMs = options.answerTimeoutMs;
  }

  get pendingRequests(): string[] {
    return this.#requests.ids;
  }

  respond(requestId: string, answer: ElicitationAnswer | Record<string, unknown>): boolean {
    return this.#requests.respond(requestId, answer);
  }

  /** What a connection calls when its server wants a token. */
  async needed(auth: ServerAuth, signal: AbortSignal | undefined): Promise<void> {
    const linked = signal ? AbortSignal.any([signal, this.#closing]) : this.#closing;
    if (!auth.signIn.needsUser)
      await openSignIn(auth, auth.authorizationUrl(), linked, (a) => this.#beforeRedirect(a));
    else {
      const sink = this.#callSink(auth.serverId);
      if (!sink) {
        this.#emit({ type: 'mcp.auth.required', serverId: auth.serverId, scopes: auth.requestedScopes });
        throw new McpAuthError(auth.serverId, 'sign_in_required', 'no tool call is waiting to ask the user');
      }
      await this.#requests.ask(auth, sink, linked, this.#answerTimeoutMs);
    }
    await this.#signedIn(auth);
  }

  /** Signs in now: call it inside the user's click (a popup opens synchronously). */
  signIn(auth: ServerAuth): Promise<void> {
    if (this.#closing.aborted) return Promise.reject(new AbortedError());
    return openSignIn(auth, auth.authorizationUrl(), this.#closing, (a) => this.#beforeRedirect(a)).then(() =>
      this.#signedIn(auth),
    );
  }

  /**
   * Finishes a sign-in that left this tab (popup blocked) and came back; false when there is none. The
   * outcome, with the app's state, waits in {@link takeResumed}; a failure also rejects.
   */
  async resume(auth: ServerAuth): Promise<boolean> {
    const returned = takeCallback(auth.serverUrl);
    if (!returned) return false;
    const { serverId } = auth;
    try {
      await auth.finish(returned.url);
    } catch (error) {
      const failure =
        error instanceof AgentChatError
          ? error
          : new McpAuthError(serverId, 'server_error', String(error), error);
      this.#resumed.push({ serverId, signedIn: false, error: failure, state: returned.state });
      throw failure;
    }
    this.#resumed.push({ serverId, signedIn: true, state: returned.state });
    await this.#signedIn(auth);
    return true;
  }

  /** The sign-ins {@link resume} finished since the last call, taken once. */
  takeResumed(): McpResumedSignIn[] {
    return this.#resumed.splice(0);
  }

  async signOut(auth: ServerAuth): Promise<void> {
    await auth.signOut();
    this.#emit({ type: 'mcp.auth.signed-out', serverId: auth.serverId });
  }

  accounts(auths: ServerAuth[]): Promise<McpAccount[]> {
    return Promise.all(auths.map((auth) => auth.account()));
  }

  close(): void {
    this.#requests.close();
  }

  /** The tab is about to leave to sign in: keep where to come back and what the app wants back. */
  #beforeRedirect(auth: ServerAuth): void {
    rememberReturn(auth.serverUrl, location.href, this.#keep?.(auth.serverId));
  }

  async #signedIn(auth: ServerAuth): Promise<void> {
    const { scopes } = await auth.account();
    this.#emit({ type: 'mcp.auth.signed-in', serverId: auth.serverId, scopes });
  }
}
