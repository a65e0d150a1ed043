import type { Context, Handler } from '../../http/context.js';
import { HttpError } from '../../shared/http-error.js';
import { jsonResponse } from '../../shared/json-response.js';
import { isAdmin, sameSecret, sessionCookie, sessionValue } from './admin-auth.js';
import { exportFile } from './admin-export.js';
import { ADMIN_CSP, ADMIN_CSS, dashboardPage, signInPage } from './admin-pages.js';
import {
  errorsByCode,
  listConversations,
  listFeedback,
  oneConversation,
  usageByDay,
} from './admin-queries.js';
import { ADMIN_SCRIPT } from './admin-script.js';

/** Whether `pathname` belongs to the dashboard (served without the browser CORS allowlist). */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * `GET /admin` and everything under it: the sign-in form, the dashboard page and its assets, and the
 * API the page reads (401 without the admin token or session cookie). Served to the proxy's own
 * origin, so the CORS allowlist for sites does not apply; every answer carries a strict CSP.
 */
export const admin: Handler = async (c) => {
  const response = await route(c);
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', ADMIN_CSP);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: response.status, headers });
};

async function route(c: Context): Promise<Response> {
  const { pathname } = c.url;
  const method = c.request.method;
  const transcriptsOn = c.config.transcripts !== undefined;
  const configured = c.config.adminToken !== undefined;
  if (pathname === '/admin/app.css' && method === 'GET') return asset(ADMIN_CSS, 'text/css');
  if (pathname === '/admin/app.js' && method === 'GET') return asset(ADMIN_SCRIPT, 'text/javascript');
  if (pathname === '/admin/sign-in' && method === 'POST') return signIn(c);
  if (pathname === '/admin/sign-out' && method === 'POST') {
    return new Response(null, {
      status: 303,
      headers: { Location: '/admin', 'Set-Cookie': sessionCookie(undefined) },
    });
  }
  const signedIn = await isAdmin(c.request, c.config.adminToken);
  if ((pathname === '/admin' || pathname === '/admin/') && method === 'GET') {
    return html(
      signedIn ? dashboardPage(transcriptsOn) : signInPage({ failed: false, transcriptsOn, configured }),
    );
  }
  if (!pathname.startsWith('/admin/api/')) throw new HttpError(404, 'not_found', 'No such dashboard page.');
  if (!signedIn) {
    throw new HttpError(
      401,
      'admin_unauthorized',
      'Sign in at /admin, or send `Authorization: Bearer <ADMIN_TOKEN>`.',
      {
        headers: { 'WWW-Authenticate': 'Bearer realm="agent-chat-admin"' },
      },
    );
  }
  if (method !== 'GET')
    throw new HttpError(405, 'method_not_allowed', 'The dashboard API is read-only: use GET.', {
      headers: { Allow: 'GET' },
    });
  return api(c, pathname.slice('/admin/api/'.length));
}

async function api(c: Context, path: string): Promise<Response> {
  const transcripts = c.config.transcripts;
  if (path === 'status') return jsonResponse({ transcripts: transcripts === undefined ? 'off' : 'on' });
  if (transcripts === undefined) {
    throw new HttpError(
      409,
      'transcripts_off',
      'Transcripts are off: set TRANSCRIPTS="on" (and TRANSCRIPTS_DB) to store them.',
    );
  }
  const db = transcripts.db;
  const query = c.url.searchParams;
  if (path === 'conversations') {
    const page = Math.max(0, Math.min(10_000, Number.parseInt(query.get('page') ?? '0', 10) || 0));
    return jsonResponse(await listConversations(db, (query.get('q') ?? '').slice(0, 200), page));
  }
  if (path.startsWith('conversations/')) {
    const found = await oneConversation(db, decodeURIComponent(path.slice('conversations/'.length)));
    if (found === undefined)
      throw new HttpError(404, 'not_found', 'No such conversation (deleted, or past retention).');
    return jsonResponse(found);
  }
  if (path === 'feedback') return jsonResponse(await listFeedback(db));
  if (path === 'usage') return jsonResponse(await usageByDay(db, c.now(), transcripts.retentionDays));
  if (path === 'errors') return jsonResponse(await errorsByCode(db));
  if (path === 'export') return exportFile(db, query.get('format') === 'csv' ? 'csv' : 'jsonl');
  throw new HttpError(404, 'not_found', 'No such dashboard API path.');
}

async function signIn(c: Context): Promise<Response> {
  // Login CSRF: a browser says where a form was posted from; only the dashboard's own page may sign in.
  // (Origin is not compared with the request URL: a local dev server or a route may rewrite the host.)
  const site = c.request.headers.get('Sec-Fetch-Site');
  if (site !== null && site !== 'same-origin' && site !== 'none') {
    throw new HttpError(403, 'origin_not_allowed', 'Sign in from the dashboard’s own page.');
  }
  const token = c.config.adminToken;
  const form = await c.request.formData().catch(() => undefined);
  const given = form?.get('token');
  if (token === undefined || typeof given !== 'string' || !(await sameSecret(given.trim(), token))) {
    const page = signInPage({
      failed: true,
      transcriptsOn: c.config.transcripts !== undefined,
      configured: token !== undefined,
    });
    return html(page, 401);
  }
  return new Response(null, {
    status: 303,
    headers: { Location: '/admin', 'Set-Cookie': sessionCookie(await sessionValue(token)) },
  });
}

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

function asset(body: string, type: string): Response {
  return new Response(body, { headers: { 'Content-Type': `${type}; charset=utf-8` } });
}
