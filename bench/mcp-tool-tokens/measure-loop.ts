// Bundled by index.ts with esbuild (Node cannot run the workspace's TypeScript source directly).
import { createAgent, McpHub, type McpServerConfig, type ModelRequest, memoryStore } from '@agent-chat/core';
import { mockModel } from '@agent-chat/core/test';
import type { ScriptedUserTurn } from './conversation.ts';

/** What one conversation sent to the model. */
export interface LoopRun {
  /** Every model request of the conversation, in order, as the agent built it. */
  requests: ModelRequest[];
  /** MCP tool calls that ran on the servers. */
  toolCalls: string[];
  /** Answers the user saw, one per turn. */
  answers: string[];
}

const SYSTEM_PROMPT =
  "You are the team's developer assistant. Use the tools to look things up before you answer; keep answers short.";

/**
 * The full tool names a catalog text lists: each `mcp__<server>__*:` header, then one line per tool
 * that starts with the tool's name (as `toolCatalogText` writes it; read here as a model would read it).
 */
function catalogNames(system: string): Set<string> {
  const names = new Set<string>();
  let prefix: string | undefined;
  for (const line of system.split('\n')) {
    const header = /^(mcp__[a-zA-Z0-9-]+__)\*:$/.exec(line);
    if (header) prefix = header[1];
    else if (!line.trim()) prefix = undefined;
    else if (prefix) names.add(prefix + line.split(':')[0]!.trim());
  }
  return names;
}

/**
 * Plays `conversation` through the real agent (`createAgent` with `mcp: hub`), one `run` per user turn
 * in one conversation. The scripted model behaves as a tool-calling model would: it calls the tools a
 * turn needs once they are in its tool list, and, when one is not (lazy mode), first calls
 * `load_tools` with the missing names, found in the catalog of its system message (one extra model
 * turn; it fails when the catalog does not name them). A turn whose tools are all loaded loads
 * nothing. Then it answers.
 */
export async function measureLoop(
  servers: McpServerConfig[],
  conversation: ScriptedUserTurn[],
  mode: 'eager' | 'lazy',
): Promise<LoopRun> {
  const hub = new McpHub({ servers });
  const toolCalls: string[] = [];
  let turn = 0;
  let callId = 0;
  const model = mockModel([
    (request) => {
      const { calls, answer } = conversation[turn]!;
      const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
      const sinceUser = request.messages.slice(lastUser + 1);
      const called = new Set(
        sinceUser.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c.name) : [])),
      );
      if (calls.length === 0 || calls.every((c) => called.has(c.tool))) return { text: answer };
      const offered = new Set((request.tools ?? []).map((t) => t.name));
      const missing = calls.map((c) => c.tool).filter((name) => !offered.has(name));
      if (missing.length > 0 && !called.has('load_tools')) {
        // A model can only ask for what the catalog in its system message names.
        const system = request.messages[0]?.role === 'system' ? request.messages[0].content : '';
        for (const name of missing)
          if (!catalogNames(system).has(name))
            throw new Error(`turn ${turn + 1}: ${name} is neither in the tool list nor in the catalog`);
        return { toolCalls: [{ id: `c${++callId}`, name: 'load_tools', arguments: { names: missing } }] };
      }
      return {
        toolCalls: calls.map((c) => ({ id: `c${++callId}`, name: c.tool, arguments: c.args })),
      };
    },
  ]);
  const agent = createAgent({
    model,
    mcp: hub,
    mcpTools: { mode },
    store: memoryStore(),
    systemPrompt: SYSTEM_PROMPT,
    limits: { maxTurns: 6 },
  });
  const answers: string[] = [];
  try {
    await hub.start();
    for (; turn < conversation.length; turn++) {
      for await (const event of agent.run({
        conversationId: 'bench',
        message: conversation[turn]!.message,
      })) {
        if (event.type === 'tool.complete' && event.name.startsWith('mcp__')) toolCalls.push(event.name);
        if (event.type === 'tool.error') throw new Error(`${event.name} failed: ${event.error}`);
        if (event.type === 'response.done') answers.push(event.text);
        if (event.type === 'run.finish' && event.status !== 'completed')
          throw new Error(`turn ${turn + 1} ended ${event.status}: ${event.message ?? ''}`);
      }
    }
  } finally {
    await hub.dispose();
  }
  return { requests: model.requests, toolCalls, answers };
}
