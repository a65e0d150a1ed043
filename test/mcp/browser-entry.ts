// Bundled for the browser by browser-csp.test.ts: the page calls window.runHub(url) under a strict CSP.
import './zod-jitless.ts';
import { McpHub, type McpHubEvent } from '@agent-chat/core';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(
    `${event.violatedDirective}: ${event.blockedURI} at ${event.lineNumber}:${event.columnNumber}`,
  );
});

async function runHub(url: string) {
  const events: McpHubEvent[] = [];
  const hub = new McpHub({ servers: [{ id: 'everything', url }], onEvent: (event) => events.push(event) });
  (window as unknown as { hub: McpHub }).hub = hub;
  await hub.start();
  const [sum, long] = await hub.tools([
    'mcp__everything__get-sum',
    'mcp__everything__trigger-long-running-operation',
  ]);
  const invalid = await sum!.validate({ a: 'two', b: 2 });
  const valid = await sum!.validate({ a: 2, b: 2 });
  const outcome = await hub.callTool(long!.name, { duration: 0.25, steps: 5 }, { toolCallId: 'in-page' });
  return {
    status: hub.servers()[0],
    validArgsAccepted: valid.ok,
    invalidArgsRefused: !invalid.ok,
    progress: events
      .filter((e) => e.type === 'tool.progress')
      .map((e) => (e.type === 'tool.progress' ? e.progress : 0)),
    text: outcome.text,
    violations,
  };
}

(window as unknown as { runHub: typeof runHub }).runHub = runHub;
