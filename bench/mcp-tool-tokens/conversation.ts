/** One user turn of the scripted conversation: the tools its answer needs, their arguments and results. */
export interface ScriptedUserTurn {
  message: string;
  calls: Array<{
    tool: string;
    args: Record<string, unknown>;
    result: string;
    /** `structuredContent` for tools that declare an output schema (else `{ content: result }` is used). */
    structured?: Record<string, unknown>;
  }>;
  answer: string;
}

const REPO = { owner: 'acme', repo: 'webshop' };

/**
 * A 10-turn conversation of a developer's assistant with four MCP servers: most turns need a tool not
 * used before, one reuses a tool, the last needs none ({@link toolSetChanges} counts them). Arguments
 * are valid for the servers' schemas; results are short, plausible texts (the same in both modes).
 */
export const CONVERSATION: ScriptedUserTurn[] = [
  {
    message: 'Which files are in the project folder?',
    calls: [
      {
        tool: 'mcp__files__list_directory',
        args: { path: '/work/webshop' },
        result:
          '[DIR] src\n[DIR] test\n[FILE] README.md\n[FILE] package.json\n[FILE] CHANGELOG.md\n[FILE] tsconfig.json',
      },
    ],
    answer: 'The folder has src/, test/, README.md, package.json, CHANGELOG.md and tsconfig.json.',
  },
  {
    message: 'What does the README say about the login flow?',
    calls: [
      {
        tool: 'mcp__files__read_text_file',
        args: { path: '/work/webshop/README.md', head: 40 },
        result:
          '# Webshop\n\n## Login\nUsers sign in with email and a one-time code sent by mail. Sessions last 30 days; the code expires after 10 minutes. Known issue: codes are rejected when the mail arrives late.',
      },
    ],
    answer: 'Login uses an emailed one-time code valid for 10 minutes; late mails cause rejected codes.',
  },
  {
    message: 'Remember that Dana owns the login feature.',
    calls: [
      {
        tool: 'mcp__memory__create_entities',
        args: {
          entities: [
            { name: 'Dana', entityType: 'person', observations: ['owns the login feature'] },
            { name: 'login feature', entityType: 'feature', observations: ['emailed one-time codes'] },
          ],
        },
        result:
          '[{"name":"Dana","entityType":"person","observations":["owns the login feature"]},{"name":"login feature","entityType":"feature","observations":["emailed one-time codes"]}]',
        structured: {
          entities: [
            { name: 'Dana', entityType: 'person', observations: ['owns the login feature'] },
            { name: 'login feature', entityType: 'feature', observations: ['emailed one-time codes'] },
          ],
        },
      },
    ],
    answer: 'Noted: Dana owns the login feature.',
  },
  {
    message: 'Are there open GitHub issues about login codes?',
    calls: [
      {
        tool: 'mcp__github__search_issues',
        args: { q: 'repo:acme/webshop is:issue is:open login code' },
        result:
          '{"total_count":2,"items":[{"number":412,"title":"Login code rejected after 5 minutes","state":"open"},{"number":398,"title":"Resend login code button","state":"open"}]}',
      },
    ],
    answer: 'Two open issues: #412 (code rejected after 5 minutes) and #398 (resend button).',
  },
  {
    message: 'Comment on #412 that Dana is looking into it, and show me the issue.',
    calls: [
      {
        tool: 'mcp__github__add_issue_comment',
        args: { ...REPO, issue_number: 412, body: 'Dana (login owner) is looking into this.' },
        result: '{"id":99120,"html_url":"https://github.com/acme/webshop/issues/412#issuecomment-99120"}',
      },
      {
        tool: 'mcp__github__get_issue',
        args: { ...REPO, issue_number: 412 },
        result:
          '{"number":412,"title":"Login code rejected after 5 minutes","body":"Codes sent at 10:00 fail at 10:05 although the mail says 10 minutes.","labels":["bug","auth"],"comments":3}',
      },
    ],
    answer: 'Commented on #412. It reports codes failing after 5 minutes although mails promise 10.',
  },
  {
    message: 'Quick check: what is 17 + 25?',
    calls: [
      { tool: 'mcp__everything__get-sum', args: { a: 17, b: 25 }, result: 'The sum of 17 and 25 is 42.' },
    ],
    answer: '42.',
  },
  {
    message: 'Which source files mention the code expiry?',
    calls: [
      {
        tool: 'mcp__files__search_files',
        args: { path: '/work/webshop/src', pattern: '**/*expir*' },
        result: '/work/webshop/src/auth/code-expiry.ts\n/work/webshop/src/auth/code-expiry.test.ts',
      },
    ],
    answer: 'src/auth/code-expiry.ts and its test.',
  },
  {
    message: 'Read code-expiry.ts for me.',
    calls: [
      {
        tool: 'mcp__files__read_text_file',
        args: { path: '/work/webshop/src/auth/code-expiry.ts' },
        result:
          'export const CODE_TTL_SECONDS = 300; // 5 minutes\nexport function isExpired(issuedAt: number, now = Date.now()) {\n  return now - issuedAt > CODE_TTL_SECONDS * 1000;\n}',
      },
    ],
    answer: 'CODE_TTL_SECONDS is 300 (5 minutes), while the mail says 10: that is the bug in #412.',
  },
  {
    message: 'What do you remember about Dana?',
    calls: [
      {
        tool: 'mcp__memory__search_nodes',
        args: { query: 'Dana' },
        result:
          '{"entities":[{"name":"Dana","entityType":"person","observations":["owns the login feature"]}],"relations":[]}',
        structured: {
          entities: [{ name: 'Dana', entityType: 'person', observations: ['owns the login feature'] }],
          relations: [],
        },
      },
    ],
    answer: 'Dana owns the login feature.',
  },
  {
    message: 'Thanks! Summarise what we found in two sentences.',
    calls: [],
    answer:
      'Issue #412 comes from CODE_TTL_SECONDS = 300 in src/auth/code-expiry.ts while mails promise 10 minutes. Dana owns login and has been told on the issue.',
  },
];

/**
 * How often the set of tools the conversation needs changes: the user turns that need a tool no earlier
 * turn needed. Lazy loading may cost at most one extra model call for each.
 */
export function toolSetChanges(conversation: readonly ScriptedUserTurn[]): number {
  const seen = new Set<string>();
  let changes = 0;
  for (const turn of conversation) {
    const fresh = turn.calls.map((c) => c.tool).filter((tool) => !seen.has(tool));
    if (fresh.length > 0) changes++;
    for (const tool of fresh) seen.add(tool);
  }
  return changes;
}
