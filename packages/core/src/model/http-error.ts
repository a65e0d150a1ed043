import { ModelCallError, StreamMalformedError } from '../errors.js';
import { CreditsExhaustedError, type CreditsState, RateLimitedError } from './limit-errors.js';
import { ModelNotFoundError, ToolsUnsupportedError } from './model-errors.js';
import { type ProviderCall, parseRetryAfter, providerMessage } from './provider-call.js';

/**
 * The typed error of a provider's HTTP error answer (tools unsupported, model not found, rate limited,
 * credits exhausted, else ModelCallError). Loaded by http-call.ts only when a call fails.
 */
export async function httpError(response: Response, call: ProviderCall): Promise<Error> {
  const text = await response.text().catch(() => '');
  const message = providerMessage(text);
  if (
    call.withTools &&
    response.status === 400 &&
    message &&
    /(does not|doesn't) support tools|tools? (are |is )?not supported|tool use is not supported/i.test(
      message,
    )
  )
    return new ToolsUnsupportedError(call.model, message);
  if (response.status === 404 && message && /model/i.test(message))
    return new ModelNotFoundError({ model: call.model, providerMessage: message });
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  const said = message === undefined ? {} : { providerMessage: message };
  if (response.status === 429) return new RateLimitedError({ url: call.url, retryAfterSeconds, ...said });
  if (response.status === 402)
    return new CreditsExhaustedError({ url: call.url, credits: creditsOf(text), ...said });
  return new ModelCallError({
    status: response.status,
    providerMessage: message,
    retryAfterSeconds,
    url: call.url,
  });
}

/** A successful answer whose body is not an event stream (an HTML login page…): cancelled, and why. */
export async function notAnEventStream(
  response: Response,
  call: ProviderCall,
  contentType: string,
): Promise<Error> {
  await response.body?.cancel().catch(() => {});
  return new StreamMalformedError(
    `expected a text/event-stream response, got "${contentType || 'no content type'}"${contentType.includes('html') ? ' (an HTML page: the URL is a website or a login page, not the API)' : ''}`,
    undefined,
    call.expected,
  );
}

/** The `credits` field of the agent-chat proxy's 402 body. */
function creditsOf(body: string): CreditsState | undefined {
  try {
    return (JSON.parse(body) as { credits?: CreditsState }).credits;
  } catch {
    return undefined;
  }
}
