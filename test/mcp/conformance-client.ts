// A small MCP client built on McpHub for the @modelcontextprotocol/conformance client scenarios.
// The conformance runner starts it as `<command> <server-url>` (scenario name in MCP_CONFORMANCE_SCENARIO).
// It connects, lists the tools, materialises them all and calls each one with arguments made up from
// its input schema; elicitations are accepted with empty content, so the form's defaults must be applied.
import { McpHub, type McpHubEvent } from '@agent-chat/core';

const url = process.argv[2];
if (!url) {
  console.error('usage: conformance-client <server-url>');
  process.exit(2);
}

const hub: McpHub = new McpHub({
  servers: [{ id: 'conformance', url, timeoutMs: 20_000 }],
  onEvent: (event: McpHubEvent) => {
    console.log(`event ${JSON.stringify(event)}`);
    if (event.type === 'clarify.request') hub.respond(event.requestId, { action: 'accept', content: {} });
  },
});

let failed = false;
try {
  await hub.start();
  const status = hub.servers()[0]!;
  if (status.status !== 'up') throw new Error(`server is ${status.status}: ${status.lastError}`);
  for (const tool of await hub.tools()) {
    const outcome = await hub.callTool(tool.name, exampleArguments(tool.jsonSchema));
    console.log(`${tool.name}: ${outcome.isError ? 'error ' : ''}${outcome.text}`);
    if (outcome.isError) failed = true;
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await hub.dispose();
}
process.exit(failed ? 1 : 0);

/** Arguments that satisfy the required properties of a simple input schema. */
function exampleArguments(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<
    string,
    { type?: string; enum?: unknown[]; default?: unknown }
  >;
  const required = (schema.required ?? []) as string[];
  const args: Record<string, unknown> = {};
  for (const key of required) {
    const property = properties[key] ?? {};
    args[key] =
      property.default ??
      property.enum?.[0] ??
      ({ number: 1, integer: 1, boolean: true, array: [], object: {} } as Record<string, unknown>)[
        property.type ?? ''
      ] ??
      'example';
  }
  return args;
}
