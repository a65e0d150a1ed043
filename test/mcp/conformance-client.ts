// A small MCP client built on McpHub for the @modelcontextprotocol/conformance client scenarios.
// The conformance runner starts it as `<command> <server-url>` (scenario name in MCP_CONFORMANCE_SCENARIO).
// It connects, lists the tools, materialises them all and calls each one with arguments made up from
// its input schema; elicitations are accepted with empty content, so the form's defaults must be applied.
// Authorization scenarios go through the hub's own OAuth provider with a headless sign-in (the test
// authorization server approves at once and redirects to our redirect URL).
import { headlessSignIn, McpHub, type McpHubEvent } from '@agent-chat/core';

const url = process.argv[2];
if (!url) {
  console.error('usage: conformance-client <server-url>');
  process.exit(2);
}

// Pre-registered credentials when the scenario hands them over (auth/pre-registration).
// Scenarios that need particular arguments (http-custom-headers) name the calls to make.
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
  client_id?: string;
  client_secret?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
};
const redirectUrl = 'http://127.0.0.1:1/callback';
const hub: McpHub = new McpHub({
  servers: [
    {
      id: 'conformance',
      url,
      timeoutMs: 20_000,
      auth: {
        redirectUrl,
        signIn: headlessSignIn({ redirectUrl }),
        // The client ID metadata document the suite expects (used only where the server supports them).
        clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
        clientName: 'agent-chat conformance client',
        ...(context.client_id ? { clientId: context.client_id } : {}),
        ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
      },
    },
  ],
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
  const tools = await hub.tools();
  const calls = context.toolCalls
    ? context.toolCalls.map((call) => ({
        name: tools.find((tool) => tool.name.endsWith(`__${call.name}`))?.name ?? call.name,
        args: call.arguments,
      }))
    : tools.map((tool) => ({ name: tool.name, args: exampleArguments(tool.jsonSchema) }));
  for (const { name, args } of calls) {
    const outcome = await hub.callTool(name, args);
    console.log(`${name}: ${outcome.isError ? 'error ' : ''}${outcome.text}`);
    if (outcome.isError) failed = true;
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await hub.dispose();
}
// Suite runs keep the client's output but not its exit code: say it.
if (!failed) console.log('conformance-client: done');
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
