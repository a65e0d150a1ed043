// The dashboard's HTML: static markup only (no stored text is ever put into HTML here; the script
// fills the page with textContent), so its CSP can forbid inline scripts and styles.

/** The `Content-Security-Policy` of every `/admin` answer: only its own script, style and API. */
export const ADMIN_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const OFF_NOTICE =
  '<p class="notice" role="status">Transcripts are off: nothing is stored. Set <code>TRANSCRIPTS="on"</code> with a <code>TRANSCRIPTS_DB</code> binding to record conversations.</p>';

function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>agent-chat · owner's view</title>
<link rel="stylesheet" href="/admin/app.css">
</head>
<body>
${body}
</body>
</html>`;
}

/** The sign-in form (and nothing stored); `failed` after a wrong token. */
export function signInPage(options: {
  failed: boolean;
  transcriptsOn: boolean;
  configured: boolean;
}): string {
  const problem = options.failed
    ? '<p class="error" role="alert">That token is not this proxy’s ADMIN_TOKEN.</p>'
    : '';
  const form = options.configured
    ? `<form method="post" action="/admin/sign-in" class="sign-in">
<label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required minlength="32">
<button type="submit">Sign in</button>
</form>`
    : '<p class="notice">The dashboard needs an <code>ADMIN_TOKEN</code> secret of at least 32 characters.</p>';
  return page(`<main>
<h1>Owner’s view</h1>
${options.transcriptsOn ? '' : OFF_NOTICE}
${problem}
${form}
</main>`);
}

/** The signed-in dashboard: empty sections the script fills from `/admin/api/*`. */
export function dashboardPage(transcriptsOn: boolean): string {
  const signOut = `<form method="post" action="/admin/sign-out"><button type="submit">Sign out</button></form>`;
  if (!transcriptsOn)
    return page(`<header><h1>Owner’s view</h1>${signOut}</header><main>${OFF_NOTICE}</main>`);
  return page(`<header><h1>Owner’s view</h1>${signOut}</header>
<main>
<p id="status" role="status" aria-live="polite"></p>
<section aria-labelledby="usage-heading">
<h2 id="usage-heading">Usage and cost</h2>
<p id="usage-summary"></p>
<div id="usage-chart"></div>
<div class="scroll" id="usage-models" tabindex="0" role="region" aria-label="Usage per model"></div>
</section>
<section aria-labelledby="conversations-heading">
<h2 id="conversations-heading">Conversations</h2>
<form id="search" role="search">
<label for="search-text">Search messages</label>
<input id="search-text" name="q" type="search">
<button type="submit">Search</button>
</form>
<div class="scroll" id="conversations-list" tabindex="0" role="region" aria-label="Conversation list"></div>
<nav aria-label="Conversation pages" class="pager">
<button type="button" id="previous-page">Newer</button>
<span id="page-label"></span>
<button type="button" id="next-page">Older</button>
</nav>
<article id="conversation" aria-live="polite"></article>
</section>
<section aria-labelledby="feedback-heading">
<h2 id="feedback-heading">Feedback</h2>
<ul id="feedback-list" class="feedback"></ul>
</section>
<section aria-labelledby="errors-heading">
<h2 id="errors-heading">Errors</h2>
<div class="scroll" id="errors-list" tabindex="0" role="region" aria-label="Errors by code"></div>
</section>
<section aria-labelledby="export-heading">
<h2 id="export-heading">Export</h2>
<p><a href="/admin/api/export?format=jsonl" download="transcripts.jsonl">Messages as JSONL</a> ·
<a href="/admin/api/export?format=csv" download="transcripts.csv">Messages as CSV</a></p>
</section>
</main>
<script type="module" src="/admin/app.js"></script>`);
}

/** The dashboard's stylesheet: readable from 390 px up, contrast ≥ 4.5:1. */
export const ADMIN_CSS = `
:root { color-scheme: light; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; }
body { margin: 0; }
header { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; padding: .75rem 1rem; border-bottom: 1px solid #ccc; }
header h1, main > h1 { margin: 0; font-size: 1.4rem; }
main { max-width: 70rem; margin: 0 auto; padding: 1rem; }
section { margin-block: 1.5rem; }
h2 { font-size: 1.15rem; margin-bottom: .5rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
button, input { font: inherit; }
button { padding: .35rem .8rem; border: 1px solid #1f4f99; border-radius: .3rem; background: #1f4f99; color: #fff; cursor: pointer; min-height: 2.25rem; }
button.link { background: none; color: #1f4f99; border: none; padding: 0; text-decoration: underline; min-height: auto; text-align: left; }
button:disabled { background: #767676; border-color: #767676; cursor: default; }
input { padding: .35rem .5rem; border: 1px solid #767676; border-radius: .3rem; max-width: 100%; }
form#search, form.sign-in { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-bottom: .75rem; }
form.sign-in { flex-direction: column; align-items: stretch; max-width: 24rem; }
.pager { display: flex; gap: .75rem; align-items: center; margin-top: .5rem; }
.notice { padding: .75rem; background: #fff4d6; border: 1px solid #8a6d00; }
.error { color: #a4001d; }
.message { margin: .5rem 0; padding: .5rem .75rem; border-radius: .4rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.message.user { background: #eef3fb; }
.message.assistant { background: #f4f4f4; }
.feedback li { margin-bottom: .6rem; }
.down { color: #a4001d; font-weight: 600; }
.up { color: #1b6b2a; font-weight: 600; }
svg text { font-size: 11px; fill: #1a1a1a; }
svg rect { fill: #1f4f99; }
a { color: #1f4f99; }
`;
