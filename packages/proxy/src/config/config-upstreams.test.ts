import { describe, expect, it } from 'vitest';
import { testEnv } from '../../test/harness';
import { loadConfig } from './config';

function problemOf(env: Record<string, unknown>): string {
  try {
    loadConfig(testEnv(env));
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('config was accepted');
}

describe('config: upstreams, MCP servers, limits', () => {
  it('names a secret that an UPSTREAMS or MCP_SERVERS entry refers to but is not set', () => {
    const message = problemOf({
      UPSTREAMS: '{"groq": {"baseUrl": "https://api.groq.com/openai/v1", "apiKeySecret": "GROQ_API_KEY"}}',
      MCP_SERVERS: '{"docs": {"url": "https://docs.test/mcp", "apiKeySecret": "DOCS_TOKEN"}}',
    });

    expect(message).toContain('UPSTREAMS.groq.apiKeySecret names the secret GROQ_API_KEY');
    expect(message).toContain('wrangler secret put GROQ_API_KEY');
    expect(message).toContain('MCP_SERVERS.docs.apiKeySecret names the secret DOCS_TOKEN');
  });

  it('names the variable and field of malformed JSON settings without echoing them', () => {
    const secretish = 'sk-pasted-by-mistake-123';
    expect(problemOf({ MCP_SERVERS: secretish })).toMatch(/MCP_SERVERS is not valid JSON/);
    expect(problemOf({ MCP_SERVERS: secretish })).not.toContain(secretish);
    expect(problemOf({ MCP_SERVERS: '{"docs": {"url": "ftp://x"}}' })).toMatch(
      /MCP_SERVERS\.docs\.url must be an absolute http\(s\) URL/,
    );
    expect(problemOf({ MCP_SERVERS: '{"../x": {"url": "http://x.test"}}' })).toMatch(/MCP_SERVERS/);
    expect(problemOf({ CREDIT_PRICES: '{"modelCall": -1}' })).toMatch(
      /CREDIT_PRICES\.modelCall prices must be >= 0/,
    );
    expect(problemOf({ DAILY_CREDITS: 'many' })).toMatch(/DAILY_CREDITS must be a positive whole number/);
  });

  it('refuses a MODELS entry that names an unknown upstream', () => {
    expect(problemOf({ MODELS: 'llama=nowhere' })).toContain(
      'names the upstream "nowhere", which is not configured',
    );
  });

  it('keeps the single-upstream variables as the simple default', () => {
    const config = loadConfig(testEnv());

    expect([...config.upstreams.keys()]).toEqual(['default']);
    expect(config.upstreams.get('default')).toMatchObject({
      api: 'openai',
      baseUrl: 'http://upstream.test/v1',
    });
    expect(config.mcpServers.size).toBe(0);
  });
});
