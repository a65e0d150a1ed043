import { describe, expect, it } from 'vitest';
import { MAX_TOKEN_TTL_SECONDS } from '../config/client-identity';
import { mintClientToken, verifyClientToken } from './client-token';

const SECRET = 'token-test-secret';
const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('client tokens', () => {
  it('verifies a token it minted and returns its subject and expiry', async () => {
    const token = await mintClientToken({ secret: SECRET, sub: 'user-42', ttlSeconds: 600, now: NOW });

    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(await verifyClientToken(token, SECRET, NOW + 1000)).toEqual({
      sub: 'user-42',
      exp: NOW / 1000 + 600,
    });
  });

  it('refuses a token after its expiry, and one signed with another secret', async () => {
    const token = await mintClientToken({ secret: SECRET, sub: 'u', ttlSeconds: 60, now: NOW });

    expect(await verifyClientToken(token, SECRET, NOW + 60_000)).toBe('expired');
    expect(await verifyClientToken(token, 'other-secret', NOW)).toBe('bad_signature');
  });

  it('refuses malformed tokens and flipped signature bits', async () => {
    const token = await mintClientToken({ secret: SECRET, sub: 'u', now: NOW });
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;

    for (const bad of ['', 'abc', `${token}.extra`, `${payload}.!!`, `%%.${signature}`]) {
      expect(await verifyClientToken(bad, SECRET, NOW), bad).toBe('malformed');
    }
    expect(await verifyClientToken(flipped, SECRET, NOW)).toBe('bad_signature');
  });

  it('refuses to mint or accept tokens that live longer than a day', async () => {
    await expect(
      mintClientToken({ secret: SECRET, sub: 'u', ttlSeconds: MAX_TOKEN_TTL_SECONDS + 1 }),
    ).rejects.toThrow(RangeError);
    // A token minted "in the future" has more than a day left now.
    const early = await mintClientToken({
      secret: SECRET,
      sub: 'u',
      ttlSeconds: 3600,
      now: NOW + 86_400_000,
    });
    expect(await verifyClientToken(early, SECRET, NOW)).toBe('too_long_lived');
  });

  it('refuses subjects with spaces or control characters', async () => {
    await expect(mintClientToken({ secret: SECRET, sub: 'a\r\nb' })).rejects.toThrow(TypeError);
    await expect(mintClientToken({ secret: SECRET, sub: '' })).rejects.toThrow(TypeError);
  });
});
