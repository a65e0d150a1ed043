import type { CreditPrices } from '../config/config-types.js';
import type { JsonRpcMessage } from './json-rpc.js';

/**
 * Credits for one MCP POST: the price of each `tools/call` in it (a single JSON-RPC message or a
 * batch), `mcpTools["<serverId>/<tool>"]` or else `mcpToolCall`. Anything else (initialize, lists,
 * notifications, responses) is free. Bodies that are not JSON-RPC never get here (400).
 */
export function mcpCost(messages: readonly JsonRpcMessage[], serverId: string, prices: CreditPrices): number {
  let cost = 0;
  for (const { method, params } of messages) {
    if (method !== 'tools/call') continue;
    const name = params !== undefined && !Array.isArray(params) ? params.name : undefined;
    const tool = typeof name === 'string' ? name : '';
    cost += prices.mcpTools[`${serverId}/${tool}`] ?? prices.mcpToolCall;
  }
  return cost;
}
