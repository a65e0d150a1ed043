import type { ProxyConfig } from '../config/config-types.js';
import type { RequestLogFields } from '../shared/request-log.js';
import type { Allowances } from './allowance.js';

/**
 * What charging a request reads and writes of it: the part of the request's `Context`
 * (http/context.ts, which extends this) that usage needs, so that usage sits below the request
 * pipeline (docs/adr/0010-proxy-layers.md).
 */
export interface UsageRequest {
  readonly config: ProxyConfig;
  /** Whom rate limits and credits are kept for (see `Context.user`). */
  readonly user?: string;
  readonly now: () => number;
  readonly allowances: Allowances;
  readonly log: RequestLogFields;
  readonly responseHeaders: Headers;
  readonly waitUntil: (work: Promise<unknown>) => void;
}
