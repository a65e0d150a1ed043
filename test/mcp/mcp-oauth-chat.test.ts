import {
  type AgentEvent,
  createAgent,
  headlessSignIn,
  type McpServerAuth,
  memoryOAuthStore,
  type SignIn,
} from '@agent-chat/core';
import { collect, mockModel } from '@agent-chat/core/test';
import { describe, expect, it } from 'vitest';
import { oauthHubFixture, redirectUrl } from './oauth/oauth-hub-fixture.ts';

// Sign-in failures seen from a chat: what the user and the model read, and that the next message works.
const fixture = oauthHubFixture();
const { hubWith, storedTokens } = fixture;

/** The whoami call's result, as the model got it in its next request. */
function toolMessage(model: ReturnType<typeof mockModel>, index: number): string {
  const message = model.requests[index]?.messages.findLast((m) => m.role === 'tool');
  return typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content);
}

describe('sign-in failures in a chat: the tool call ends with a clear message, the chat keeps working', () => {
  /** The whoami tool of a hub signed in once (so its tools are known), then signed out. */
  async function signedOutTools(auth: McpServerAuth) {
    const hub = hubWith(auth);
    await hub.start();
    await hub.signIn('docs');
    const tools = await hub.tools(['mcp__docs__whoami']);
    await hub.signOut('docs');
    return tools;
  }

  async function chat(
    tools: Awaited<ReturnType<typeof signedOutTools>>,
    model: ReturnType<typeof mockModel>,
  ) {
    expect(tools).toHaveLength(1);
    const agent = createAgent({ model, tools });
    const first = await collect(agent.run({ message: 'Who am I?', conversationId: 'c1' }));
    const second = await collect(agent.run({ message: 'Are you there?', conversationId: 'c1' }));
    return { first, second };
  }

  function failure(events: AgentEvent[]): string {
    const error = events.find((e) => e.type === 'tool.error');
    return error?.type === 'tool.error' ? error.error : '';
  }

  it('a redirect with a state that is not ours', async () => {
    let forge = false;
    const headless = headlessSignIn({ redirectUrl });
    const signIn: SignIn = {
      needsUser: false,
      open: async (url, context) => {
        const back = await headless.open(url, context);
        if (forge) back.searchParams.set('state', 'forged');
        return back;
      },
    };
    const store = memoryOAuthStore();
    const tools = await signedOutTools({ store, signIn });
    forge = true;
    const model = mockModel([
      { toolCalls: [{ id: 'w1', name: 'mcp__docs__whoami', arguments: {} }] },
      { text: 'The sign-in did not go through.' },
      { text: 'Yes.' },
    ]);
    const { first, second } = await chat(tools, model);
    // The user sees the call fail with the reason; the model reads the same, with what to do.
    expect(failure(first)).toMatch(/did not match the sign-in that was started/);
    expect(toolMessage(model, 1)).toMatch(/did not match the sign-in that was started.*Try signing in again/);
    expect(first.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect(await storedTokens(store)).toBeUndefined();
    expect(second.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    expect(model.requests[2]!.messages.filter((m) => m.role === 'user')).toHaveLength(2);
  });

  it('a server that keeps asking for more scope (endless step-up)', async () => {
    const tools = await signedOutTools({
      store: memoryOAuthStore(),
      signIn: headlessSignIn({ redirectUrl }),
    });
    fixture.servers.settings.refuseToolCalls = 'insufficient_scope';
    const authorizeBefore = fixture.servers.requests.filter((r) => r.path === '/authorize').length;
    const model = mockModel([
      { toolCalls: [{ id: 'w1', name: 'mcp__docs__whoami', arguments: {} }] },
      { text: 'You lack the permission.' },
      { text: 'Yes.' },
    ]);
    const { first, second } = await chat(tools, model);
    expect(failure(first)).toMatch(/keeps refusing the token for lack of scope/);
    expect(toolMessage(model, 1)).toMatch(/may not have the permission this tool needs/);
    expect(first.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
    // Bounded: never more sign-ins than maxSignIns (3 by default) for the one call.
    expect(
      fixture.servers.requests.filter((r) => r.path === '/authorize').length - authorizeBefore,
    ).toBeLessThanOrEqual(3);
    expect(second.at(-1)).toMatchObject({ type: 'run.finish', status: 'completed' });
  });

  it('an access token the server already takes as expired: 401, refresh, the call goes through without a sign-in', async () => {
    const store = memoryOAuthStore();
    let signIns = 0;
    const headless = headlessSignIn({ redirectUrl });
    const hub = hubWith({
      store,
      signIn: {
        needsUser: false,
        open: (url, context) => {
          signIns++;
          return headless.open(url, context);
        },
      },
    });
    await hub.start();
    const old = (await storedTokens(store))!.access_token;
    fixture.servers.expireAccessTokens();
    const from = fixture.servers.requests.length;
    const model = mockModel([
      { toolCalls: [{ id: 'w1', name: 'mcp__docs__whoami', arguments: {} }] },
      { text: 'You are demo-user.' },
    ]);
    const agent = createAgent({ model, tools: await hub.tools(['mcp__docs__whoami']) });
    const events = await collect(agent.run({ message: 'Who am I?' }));
    expect(events.find((e) => e.type === 'tool.complete')).toMatchObject({
      content: expect.stringContaining('signed in as demo-user'),
    });
    const later = fixture.servers.requests.slice(from);
    expect(later.some((r) => r.server === 'mcp' && r.headers.authorization === `Bearer ${old}`)).toBe(true);
    expect(later.some((r) => r.path === '/token' && r.body.includes('grant_type=refresh_token'))).toBe(true);
    expect(signIns).toBe(1);
    expect((await storedTokens(store))!.access_token).not.toBe(old);
  });
});
