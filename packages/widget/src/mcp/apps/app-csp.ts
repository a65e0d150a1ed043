import type { McpAppCsp } from '@agent-chat/core';

// An origin as the spec allows it: scheme://host[:port], host may start with `*.`; nothing that could
// end the directive or the attribute (`;`, quotes, spaces).
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

/** The declared origins that are well-formed, space-separated, or `fallback` when there are none. */
function sources(list: readonly string[] | undefined, fallback: string): string {
  const valid = (list ?? []).filter((origin) => ORIGIN.test(origin));
  return valid.length ? valid.join(' ') : fallback;
}

/**
 * The Content-Security-Policy an MCP App runs under, from its resource's `_meta.ui.csp`: inline code and
 * styles of the app itself; scripts, styles, images, fonts and media only from `resourceDomains`;
 * network requests only to `connectDomains`; frames only from `frameDomains`; no form posts. Undeclared
 * means none (the spec's secure default).
 */
export function appCsp(csp: McpAppCsp): string {
  const resources = sources(csp.resourceDomains, '');
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources}`.trim(),
    `style-src 'unsafe-inline' ${resources}`.trim(),
    `img-src data: blob: ${resources}`.trim(),
    `font-src data: ${resources}`.trim(),
    `media-src data: blob: ${resources}`.trim(),
    `connect-src ${sources(csp.connectDomains, "'none'")}`,
    `frame-src ${sources(csp.frameDomains, "'none'")}`,
    `base-uri ${sources(csp.baseUriDomains, "'none'")}`,
    "form-action 'none'",
  ].join('; ');
}

/**
 * The app's HTML with its CSP as the document's first element, before any of the app's own markup
 * (after a doctype, so the page stays in standards mode): nothing of the app runs before it applies,
 * and a policy the app adds can only narrow it.
 */
export function withCsp(html: string, csp: McpAppCsp): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${appCsp(csp).replace(/"/g, '&quot;')}">`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}
