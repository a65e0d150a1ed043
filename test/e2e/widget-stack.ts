// The stack the widget's end-to-end tests run against: the real script-tag build served with
// examples/script-tag, the proxy under wrangler dev, the scripted model server, and Chromium.

import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from '../../scripts/lib/chromium.ts';
import { type ExampleServer, serveExample } from '../../scripts/lib/example-server.ts';
import { freePort, type ProxyDev, startProxyDev } from '../../scripts/lib/proxy-dev.ts';
import { type ScriptedModelServer, startScriptedModelServer } from '../model-server/scripted-model-server.ts';

/** A running widget stack; `stop()` ends every part of it. */
export interface WidgetStack {
  model: ScriptedModelServer;
  example: ExampleServer;
  proxy: ProxyDev;
  browser: Browser;
  /** Where the script-tag build the page loads was written. */
  dist: string;
  stop(): Promise<void>;
}

/** Options of {@link startWidgetStack}. */
export interface WidgetStackOptions {
  /** The upstream key the proxy holds: tests assert it never reaches the page. */
  upstreamApiKey: string;
  /** The page's `mcp-servers` attribute. */
  mcpServers?: string;
  /** Further attributes of the page's `<agent-chat>` (e.g. `image-model`). */
  attributes?: Record<string, string>;
  /** Further proxy vars (e.g. `MCP_SERVERS`, `AUTH_SECRET`). */
  proxyVars?: Record<string, string>;
  /** A wrangler config for the proxy instead of packages/proxy/wrangler.jsonc (e.g. with a D1 binding). */
  proxyConfig?: string;
  /** Where the proxy's local state (D1) lives; default a temporary directory of its own. */
  proxyPersistTo?: string;
  /** Serves the page instead of examples/script-tag (the proxy allows its origin). */
  serveSite?: (options: { proxyUrl: string; distDir: string }) => Promise<ExampleServer>;
}

/** Builds the widget and starts the stack; whatever started is stopped again if a later part fails. */
export async function startWidgetStack(options: WidgetStackOptions): Promise<WidgetStack> {
  // The e2e project's one build of the widget (widget-dist.global.ts).
  const dist = inject('widgetDist');
  const started: Partial<WidgetStack> = { dist };
  const stop = async () => {
    await started.browser?.close();
    await started.proxy?.stop();
    await started.example?.close();
    await started.model?.close();
  };
  try {
    started.model = await startScriptedModelServer();
    const proxyPort = await freePort();
    started.example = options.serveSite
      ? await options.serveSite({ proxyUrl: `http://127.0.0.1:${proxyPort}`, distDir: dist })
      : await serveExample({
          proxyUrl: `http://127.0.0.1:${proxyPort}`,
          model: 'scripted-model',
          mcpServers: options.mcpServers,
          ...(options.attributes ? { attributes: options.attributes } : {}),
          distDir: dist,
        });
    started.proxy = await startProxyDev({
      upstreamBaseUrl: started.model.baseURL,
      allowedOrigins: [started.example.url],
      upstreamApiKey: options.upstreamApiKey,
      port: proxyPort,
      // The scripted model is the one allowed model; the suites send more than a person would in
      // a minute, so the rate limit is raised (not switched off), the other defaults stay on.
      vars: { MODELS: 'scripted-model', RATE_LIMIT_PER_MINUTE: '1000', ...options.proxyVars },
      ...(options.proxyConfig ? { config: options.proxyConfig } : {}),
      ...(options.proxyPersistTo ? { persistTo: options.proxyPersistTo } : {}),
    });
    started.browser = await launchChromium();
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...(started as Omit<WidgetStack, 'stop'>), stop };
}
