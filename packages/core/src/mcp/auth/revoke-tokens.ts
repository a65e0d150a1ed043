import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/client';

/**
 * Revokes a refresh token and an access token at an RFC 7009 revocation endpoint (best effort: a
 * refusal does not keep the user signed in, the tokens are deleted anyway).
 */
export async function revokeTokens(
  endpoint: string,
  tokens: OAuthTokens,
  client: OAuthClientInformationMixed,
  fetchFn: typeof fetch,
): Promise<void> {
  const revoke = async (token: string, hint: string) => {
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (client.client_secret)
      headers.authorization = `Basic ${btoa(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`)}`;
    else body.set('client_id', client.client_id);
    const response = await fetchFn(endpoint, { method: 'POST', headers, body }).catch(() => undefined);
    await response?.body?.cancel();
  };
  if (tokens.refresh_token) await revoke(tokens.refresh_token, 'refresh_token');
  await revoke(tokens.access_token, 'access_token');
}
