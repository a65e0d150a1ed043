import type { Tool } from '@agent-chat/core';
import { html, render } from 'lit';
import { type AgentChatStrings, format } from '../i18n/strings.js';
import { type PageTool, toTools } from '../tools/page-tools.js';
import { webMcpTools } from '../webmcp/webmcp.js';
import type { PageToolCache } from '../webmcp/webmcp-convert.js';

/** What running a page tool for a view needs: the element (its `.tools`), where to ask, the texts. */
export interface PageToolCallDeps {
  host: Element & { tools?: readonly PageTool[] };
  /** Where the approval question is shown (below the view). */
  box: HTMLElement;
  strings: AgentChatStrings;
}

/** What came of the call: the text the model reads (`ok`), or why there is none. */
export type PageToolOutcome =
  | { ok: true; content: string }
  | { ok: false; error: string }
  | { ok: false; denied: true };

const cache: PageToolCache = { converted: new WeakMap(), warned: new Set() };

/** The page's tools as the agent gets them: `.tools`, then WebMCP tools (registered and `<form toolname>`). */
async function pageTools(host: PageToolCallDeps['host']): Promise<Tool[]> {
  const own = toTools(host.tools ?? []);
  const { convertPageTools } = await import('../webmcp/model-context-chunk.js');
  const web = convertPageTools(webMcpTools(), cache).filter((t) => !own.some((o) => o.name === t.name));
  return [...own, ...web];
}

/**
 * Runs the page tool `name` as a view asked: asks the visitor first when the tool needs approval (WebMCP
 * tools not marked read-only do), validates the arguments, runs it. Undefined when there is no such tool.
 */
export async function callPageTool(
  name: string,
  args: Record<string, unknown>,
  deps: PageToolCallDeps,
): Promise<PageToolOutcome | undefined> {
  const tools = await pageTools(deps.host);
  const tool = tools.find((t) => t.name === name);
  if (!tool) {
    console.error(
      `<agent-chat>: a view asked to call the page tool "${name}", but the page has none by that name; page tools: ${tools.map((t) => t.name).join(', ') || 'none'}.`,
    );
    return undefined;
  }
  if (tool.needsApproval && !(await approve(tool.name, args, deps))) return { ok: false, denied: true };
  const valid = await tool.validate(args);
  if (!valid.ok) return { ok: false, error: `invalid arguments for ${name}: ${valid.issues}` };
  try {
    const result = await tool.execute(valid.value, {
      signal: new AbortController().signal,
      toolCallId: `view-${crypto.randomUUID()}`,
      runId: 'view-action',
    });
    return { ok: true, content: typeof result === 'string' ? result : (JSON.stringify(result) ?? '') };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Approve / Deny below the view, as the chat asks for the agent's calls; resolves with the answer. */
function approve(
  name: string,
  args: Record<string, unknown>,
  { box, strings }: PageToolCallDeps,
): Promise<boolean> {
  const question = format(strings.approvalQuestion, { name });
  return new Promise((resolve) => {
    const decide = (yes: boolean) => {
      render(
        html`<div part="approval" class="form approval" data-state=${yes ? 'approved' : 'denied'}>
          <p class="question">${question}</p>
          <span class="form-state">${yes ? strings.approved : strings.denied}</span>
        </div>`,
        box,
      );
      resolve(yes);
    };
    render(
      html`<div part="approval" class="form approval" role="group" aria-label=${question} data-state="pending">
        <p class="question">${question}</p>
        <pre class="stage-args">${JSON.stringify(args, null, 2).slice(0, 600)}</pre>
        <div class="actions">
          <button type="button" part="approve" class="primary" @click=${() => decide(true)}>${strings.approve}</button>
          <button type="button" part="deny" @click=${() => decide(false)}>${strings.deny}</button>
        </div>
      </div>`,
      box,
    );
  });
}
