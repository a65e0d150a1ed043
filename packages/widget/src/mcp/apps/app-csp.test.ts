import { describe, expect, it } from 'vitest';
import { appCsp, withCsp } from './app-csp.js';

describe('MCP App CSP', () => {
  it('allows nothing beyond inline code by default (the spec’s secure default)', () => {
    expect(appCsp({})).toBe(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; connect-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it('maps the declared domains to their directives and drops anything that is not an origin', () => {
    const csp = appCsp({
      connectDomains: [
        'https://api.example.com',
        "https://x.com; script-src 'unsafe-eval'",
        'wss://live.example.com',
      ],
      resourceDomains: ['https://*.cdn.example', 'javascript:alert(1)'],
      frameDomains: ['https://www.youtube.com'],
    });
    expect(csp).toContain('connect-src https://api.example.com wss://live.example.com;');
    expect(csp).toContain("script-src 'unsafe-inline' https://*.cdn.example;");
    expect(csp).toContain('frame-src https://www.youtube.com;');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('javascript:');
  });

  it('puts the policy first in the document, after a doctype', () => {
    expect(withCsp('<!DOCTYPE html><html><script>1</script>', {})).toMatch(
      /^<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src 'none';[^"]*"><html><script>1<\/script>$/,
    );
    expect(withCsp('<p>hi</p>', {})).toMatch(/^<meta http-equiv="Content-Security-Policy" [^>]*><p>hi<\/p>$/);
  });

  it('enforces it: a fetch to an undeclared host is refused inside a sandboxed frame', async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    const outcome = new Promise<string>((resolve) =>
      addEventListener(
        'message',
        (event) => event.source === frame.contentWindow && resolve(String(event.data)),
      ),
    );
    frame.srcdoc = withCsp(
      `<script>fetch(${JSON.stringify(location.origin)}, { mode: 'no-cors' }).then(() => parent.postMessage('fetched', '*'), () => parent.postMessage('refused', '*'));</script>`,
      { connectDomains: ['https://api.example.com'] },
    );
    document.body.append(frame);
    expect(await outcome).toBe('refused');
    frame.remove();
  });
});
