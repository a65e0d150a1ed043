import type { CreditPrices } from '../config';

/**
 * Credits for one MCP POST: the price of each `tools/call` in it (a single JSON-RPC message or a
 * batch), `mcpTools["<serverId>/<tool>"]` or else `mcpToolCall`. Anything else (initialize, lists,
 * notifications, responses) is free. A body that is not JSON costs nothing: the server answers 400.
 */
export function mcpCost(body: Uint8Array, serverId: string, prices: CreditPrices): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return 0;
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  let cost = 0;
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method !== 'tools/call') continue;
    const tool = typeof params?.name === 'string' ? params.name : '';
    cost += prices.mcpTools[`${serverId}/${tool}`] ?? prices.mcpToolCall;
  }
  return cost;
}
