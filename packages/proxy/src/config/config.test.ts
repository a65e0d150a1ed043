import { describe, expect, it } from 'vitest';
import { callProxy, chatRequest, PROXY, stubUpstream, TEST_KEY, testEnv } from '../../test/harness';
import { HttpError } from '../shared/http-error';
import { loadConfig } from './config';
import { DEFAULT_MAX_BODY_BYTES } from './config-defaults';

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe('config', () => {
  it('answers 500 naming UPSTREAM_BASE_URL and where to set it when it is missing', async () => {
    const upstream = stubUpstream(() => Response.json({}));

    const response = await callProxy(chatRequest(), testEnv({ UPSTREAM_BASE_URL: undefined }));

    expect(response.status).toBe(500);
    const error = await errorOf(response);
    expect(error.code).toBe('config_invalid');
    expect(error.message).toContain('UPSTREAM_BASE_URL is not set');
    expect(error.message).toContain('wrangler.jsonc');
    expect(error.message).toContain('.dev.vars');
    expect(error.message).not.toContain(TEST_KEY);
    expect(upstream.spy).not.toHaveBeenCalled();
  });

  it('answers 500 naming ALLOWED_ORIGINS when it is missing, on every route', async () => {
    const env = testEnv({ ALLOWED_ORIGINS: undefined });

    const response = await callProxy(new Request(`${PROXY}/health`), env);

    expect(response.status).toBe(500);
    expect((await errorOf(response)).message).toContain('ALLOWED_ORIGINS is not set');
  });

  it('names each invalid variable without echoing secret values', async () => {
    const env = testEnv({ UPSTREAM_BASE_URL: TEST_KEY, MAX_BODY_BYTES: 'lots' });

    const response = await callProxy(chatRequest(), env);

    expect(response.status).toBe(500);
    const { message } = await errorOf(response);
    expect(message).toContain('UPSTREAM_BASE_URL must be an absolute http(s) URL');
    expect(message).toContain('MAX_BODY_BYTES must be a positive whole number');
    expect(message).not.toContain(TEST_KEY);
  });

  it('rejects allowlist entries that are not exact origins, pointing at the entry', () => {
    for (const origins of ['http://app.test/', 'http://app.test/path', 'app.test', '*']) {
      expect(() => loadConfig(testEnv({ ALLOWED_ORIGINS: origins })), origins).toThrow(
        /ALLOWED_ORIGINS entry 1 is not an exact origin/,
      );
    }
    expect(() => loadConfig(testEnv({ ALLOWED_ORIGINS: 'http://a.test,http://b.test/' }))).toThrow(
      /entry 2 .*did you mean "http:\/\/b\.test"/,
    );
  });

  it('does not echo a secret pasted into ALLOWED_ORIGINS', () => {
    expect(() => loadConfig(testEnv({ ALLOWED_ORIGINS: TEST_KEY }))).toThrow(HttpError);
    try {
      loadConfig(testEnv({ ALLOWED_ORIGINS: TEST_KEY }));
    } catch (error) {
      expect((error as HttpError).message).not.toContain(TEST_KEY);
    }
  });

  it('throws an HttpError with status 500 and code config_invalid', () => {
    try {
      loadConfig({});
      expect.unreachable('loadConfig accepted an empty env');
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(500);
      expect((error as HttpError).code).toBe('config_invalid');
    }
  });

  it('normalises values: trailing slashes, origin lists, empty key, default body limit', () => {
    const config = loadConfig({
      UPSTREAM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      ALLOWED_ORIGINS: ' http://a.test , https://b.test:8443 ,',
      UPSTREAM_API_KEY: '',
      DISABLE_RATE_LIMIT: 'true',
      DISABLE_DAILY_CREDITS: 'true',
      DISABLE_DEPLOYMENT_CREDITS: 'true',
    });

    expect(config.upstreamBaseUrl).toBe('http://127.0.0.1:11434/v1');
    expect([...config.allowedOrigins]).toEqual(['http://a.test', 'https://b.test:8443']);
    expect(config.upstreamApiKey).toBeUndefined();
    expect(config.maxBodyBytes).toBe(DEFAULT_MAX_BODY_BYTES);
  });
});

describe('MCP_SERVERS with "auth": "user"', () => {
  it('is read as a server the user signs in to, without the proxy credential', () => {
    const config = loadConfig(
      testEnv({
        MCP_SERVERS: JSON.stringify({ tracker: { url: 'https://tracker.test/mcp', auth: 'user' } }),
      }),
    );
    expect(config.mcpServers.get('tracker')).toMatchObject({ userAuth: true, apiKey: undefined });
  });

  it.each([
    [
      { tracker: { url: 'https://tracker.test/mcp', auth: 'user', apiKeySecret: 'TRACKER_KEY' } },
      {},
      'never gets the proxy',
    ],
    [
      { tracker: { url: 'https://tracker.test/mcp', auth: 'user' } },
      { AUTH_SECRET: 'a'.repeat(32) },
      'AUTH_SECRET',
    ],
    [{ tracker: { url: 'https://tracker.test/mcp', auth: 'oauth' } }, {}, 'must be "user"'],
  ])('refuses a contradictory or unknown setting (%j)', (servers, extra, message) => {
    expect(() =>
      loadConfig(testEnv({ MCP_SERVERS: JSON.stringify(servers), TRACKER_KEY: 'k', ...extra })),
    ).toThrow(message);
  });
});
