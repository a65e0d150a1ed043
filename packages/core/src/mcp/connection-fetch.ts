/** What a connection learns from the answers its transport receives. */
export interface FetchObserver {
  /** The MCP endpoint answered 401 (the token is refused) or 403 (more scope is needed). */
  refused(status: 401 | 403): void;
  /** The `server/discover` answer was JSON but no discover result (what is wrong with it). */
  malformedDiscover(problem: string): void;
}

/**
 * The transport's fetch for one server: `fetch` (looked up per call, so a page's replaced fetch is
 * used), watched for auth refusals and for a `server/discover` answer that is not one.
 */
export function observedFetch(doFetch: () => typeof fetch, observer: FetchObserver): typeof fetch {
  return async (input, init) => {
    const response = await doFetch()(input, init);
    if (response.status === 401 || response.status === 403) observer.refused(response.status);
    else if (
      response.ok &&
      isDiscover(init?.body) &&
      response.headers.get('content-type')?.startsWith('application/json')
    ) {
      const problem = discoverProblem(await response.clone().text());
      if (problem) observer.malformedDiscover(problem);
    }
    return response;
  };
}

function isDiscover(body: unknown): boolean {
  return typeof body === 'string' && /"method"\s*:\s*"server\/discover"/.test(body);
}

/** What is wrong with a JSON answer to `server/discover`; undefined for a result or a JSON-RPC error. */
export function discoverProblem(text: string): string | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return `its server/discover answer is not JSON (${text.slice(0, 80)})`;
  }
  if (!isRecord(message) || !('result' in message)) return undefined;
  const versions = isRecord(message.result) ? message.result.supportedVersions : undefined;
  if (Array.isArray(versions) && versions.length > 0 && versions.every((v) => typeof v === 'string'))
    return undefined;
  return `its server/discover result ${JSON.stringify(message.result).slice(0, 160)} names no supportedVersions`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
