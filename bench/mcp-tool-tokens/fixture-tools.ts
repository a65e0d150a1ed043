// Three MCP servers of 15 tools each, written for this benchmark in the style of public work-app
// servers (issue tracker, document drive, calendar + mail): multi-sentence descriptions and typed,
// documented parameters. Only their shape matters: they are listed, never run.

/** One tool definition as an MCP server lists it. */
export interface FixtureTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[] };
}

const s = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  description,
  ...extra,
});
const n = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'integer',
  description,
  ...extra,
});
const b = (description: string) => ({ type: 'boolean', description });
const list = (description: string, items: Record<string, unknown> = { type: 'string' }) => ({
  type: 'array',
  description,
  items,
});
const page = {
  page: n('Page number of the results, starting at 1.', { minimum: 1, default: 1 }),
  perPage: n('Results per page (at most 100).', { minimum: 1, maximum: 100, default: 30 }),
};

function tool(
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[] = [],
): FixtureTool {
  return {
    name,
    description,
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}) },
  };
}

const repo = {
  owner: s('Account or organization that owns the repository.'),
  repo: s('Repository name without the owner.'),
};
const issueNumber = { issueNumber: n('Number of the issue or pull request within the repository.') };

export const TRACKER: FixtureTool[] = [
  tool(
    'search_issues',
    'Searches issues and pull requests across repositories with the tracker query syntax. Use qualifiers such as is:open, label:bug or author:name to narrow the results; results are sorted by best match unless a sort is given.',
    {
      query: s('Search query, e.g. "is:open label:bug repo:acme/web".'),
      sort: s('Field to sort by.', { enum: ['created', 'updated', 'comments', 'reactions'] }),
      order: s('Sort direction.', { enum: ['asc', 'desc'] }),
      ...page,
    },
    ['query'],
  ),
  tool(
    'get_issue',
    'Gets one issue with its title, body, labels, assignees, milestone and state. Comments are not included; use list_issue_comments for them.',
    { ...repo, ...issueNumber },
    ['owner', 'repo', 'issueNumber'],
  ),
  tool(
    'create_issue',
    'Creates an issue in a repository. The body accepts Markdown; labels and assignees must already exist in the repository or the call fails.',
    {
      ...repo,
      title: s('Short summary of the issue.'),
      body: s('Full description in Markdown.'),
      labels: list('Label names to apply.'),
      assignees: list('Logins of the people to assign.'),
      milestone: n('Number of the milestone to attach.'),
    },
    ['owner', 'repo', 'title'],
  ),
  tool(
    'update_issue',
    'Updates the title, body, state, labels or assignees of an existing issue. Fields that are omitted keep their current value; labels and assignees replace the current lists.',
    {
      ...repo,
      ...issueNumber,
      title: s('New title.'),
      body: s('New body in Markdown.'),
      state: s('New state.', { enum: ['open', 'closed'] }),
      stateReason: s('Why the issue was closed.', { enum: ['completed', 'not_planned', 'reopened'] }),
      labels: list('Complete list of label names.'),
      assignees: list('Complete list of assignee logins.'),
    },
    ['owner', 'repo', 'issueNumber'],
  ),
  tool(
    'list_issue_comments',
    'Lists the comments of an issue or pull request in chronological order. Each comment includes its author, creation time and Markdown body.',
    {
      ...repo,
      ...issueNumber,
      since: s('Only comments updated after this ISO 8601 time.', { format: 'date-time' }),
      ...page,
    },
    ['owner', 'repo', 'issueNumber'],
  ),
  tool(
    'add_issue_comment',
    'Adds a comment to an issue or pull request. Mentions with @login notify the people mentioned.',
    { ...repo, ...issueNumber, body: s('Comment text in Markdown.') },
    ['owner', 'repo', 'issueNumber', 'body'],
  ),
  tool(
    'list_pull_requests',
    'Lists pull requests of a repository, newest first. Filter by state, base branch or head branch to find the one you need.',
    {
      ...repo,
      state: s('Which pull requests to list.', { enum: ['open', 'closed', 'all'], default: 'open' }),
      base: s('Only pull requests into this base branch.'),
      head: s('Only pull requests from this head, as "user:branch".'),
      ...page,
    },
    ['owner', 'repo'],
  ),
  tool(
    'get_pull_request',
    'Gets one pull request with its description, branches, mergeability, review decision and check status. The diff is not included; use get_pull_request_files for the changed files.',
    { ...repo, pullNumber: n('Number of the pull request.') },
    ['owner', 'repo', 'pullNumber'],
  ),
  tool(
    'get_pull_request_files',
    'Lists the files changed by a pull request with their status, additions, deletions and patch. Large patches are truncated by the server.',
    { ...repo, pullNumber: n('Number of the pull request.'), ...page },
    ['owner', 'repo', 'pullNumber'],
  ),
  tool(
    'create_pull_request',
    'Opens a pull request from a head branch into a base branch. The head branch must contain commits that the base branch does not have.',
    {
      ...repo,
      title: s('Title of the pull request.'),
      body: s('Description in Markdown.'),
      head: s('Branch that contains the changes.'),
      base: s('Branch to merge into.'),
      draft: b('Open as a draft that cannot be merged yet.'),
    },
    ['owner', 'repo', 'title', 'head', 'base'],
  ),
  tool(
    'merge_pull_request',
    'Merges a pull request when its checks and reviews allow it. Choose the merge method the repository permits; the call fails when the pull request is not mergeable.',
    {
      ...repo,
      pullNumber: n('Number of the pull request.'),
      mergeMethod: s('How to merge.', { enum: ['merge', 'squash', 'rebase'] }),
      commitTitle: s('Title of the merge commit.'),
      commitMessage: s('Extra detail for the merge commit.'),
    },
    ['owner', 'repo', 'pullNumber'],
  ),
  tool(
    'request_review',
    'Requests reviews on a pull request from people or teams. People must have access to the repository.',
    {
      ...repo,
      pullNumber: n('Number of the pull request.'),
      reviewers: list('Logins of the reviewers.'),
      teamReviewers: list('Slugs of the reviewing teams.'),
    },
    ['owner', 'repo', 'pullNumber'],
  ),
  tool(
    'list_commits',
    'Lists commits of a branch or path, newest first. Use since and until to limit the time range.',
    {
      ...repo,
      sha: s('Branch name or commit SHA to start from.'),
      path: s('Only commits touching this path.'),
      author: s('Only commits by this author login or email.'),
      since: s('ISO 8601 start time.', { format: 'date-time' }),
      until: s('ISO 8601 end time.', { format: 'date-time' }),
      ...page,
    },
    ['owner', 'repo'],
  ),
  tool(
    'get_file_contents',
    'Gets the contents of a file or the listing of a directory at a given ref. Binary files are returned base64 encoded.',
    {
      ...repo,
      path: s('Path of the file or directory.'),
      ref: s('Branch, tag or commit SHA; the default branch when omitted.'),
    },
    ['owner', 'repo', 'path'],
  ),
  tool(
    'list_workflow_runs',
    'Lists the CI workflow runs of a repository with their status and conclusion. Filter by branch, event or status to find failing runs.',
    {
      ...repo,
      branch: s('Only runs for this branch.'),
      event: s('Only runs triggered by this event, e.g. push or pull_request.'),
      status: s('Only runs with this status.', {
        enum: ['queued', 'in_progress', 'completed', 'failure', 'success'],
      }),
      ...page,
    },
    ['owner', 'repo'],
  ),
];

const fileId = { fileId: s('Identifier of the file, as returned by search_files or list_folder.') };

export const DRIVE: FixtureTool[] = [
  tool(
    'search_files',
    'Searches files and folders the user can access by name and full text. Results include the id, name, type, owner and last modification time; use the id with the other tools.',
    {
      query: s('Words to search for in names and contents.'),
      mimeType: s('Only files of this MIME type, e.g. application/pdf.'),
      folderId: s('Only files inside this folder.'),
      modifiedAfter: s('Only files modified after this ISO 8601 time.', { format: 'date-time' }),
      ...page,
    },
    ['query'],
  ),
  tool(
    'list_folder',
    'Lists the files and folders directly inside a folder, folders first. Use "root" for the top of the drive.',
    {
      folderId: s('Identifier of the folder, or "root".', { default: 'root' }),
      orderBy: s('Sort order.', { enum: ['name', 'modifiedTime', 'size'] }),
      ...page,
    },
  ),
  tool(
    'get_file_metadata',
    'Gets the metadata of one file: name, MIME type, size, owners, sharing settings and revision count. It does not return the content.',
    { ...fileId },
    ['fileId'],
  ),
  tool(
    'read_file',
    'Reads the content of a file as text. Documents, spreadsheets and slides are exported to Markdown, CSV or plain text; other binary files are refused.',
    {
      ...fileId,
      range: s('Optional part to read, e.g. "A1:D50" for a sheet or "pages 2-4" for a document.'),
      maxCharacters: n('Stop after this many characters.', { minimum: 100, maximum: 200000 }),
    },
    ['fileId'],
  ),
  tool(
    'create_document',
    'Creates a new text document from Markdown in a folder. Headings, lists, tables and links are converted to native formatting.',
    {
      title: s('Name of the new document.'),
      markdown: s('Initial content in Markdown.'),
      folderId: s('Folder to create it in; the drive root when omitted.'),
    },
    ['title'],
  ),
  tool(
    'append_to_document',
    'Appends Markdown content at the end of an existing document. Use it to add notes or meeting minutes without rewriting the document.',
    { ...fileId, markdown: s('Content to append in Markdown.') },
    ['fileId', 'markdown'],
  ),
  tool(
    'replace_text',
    'Replaces every occurrence of a text in a document. Matching is case sensitive unless matchCase is false; the number of replacements is returned.',
    {
      ...fileId,
      find: s('Text to find.'),
      replaceWith: s('Replacement text.'),
      matchCase: b('Match upper and lower case exactly.'),
    },
    ['fileId', 'find', 'replaceWith'],
  ),
  tool(
    'update_sheet_range',
    'Writes values into a range of a spreadsheet. Values are parsed as if typed by the user, so formulas starting with = are evaluated.',
    {
      ...fileId,
      range: s('A1 notation range, e.g. "Budget!B2:D10".'),
      values: list('Rows of cell values.', {
        type: 'array',
        items: { type: ['string', 'number', 'boolean', 'null'] },
      }),
    },
    ['fileId', 'range', 'values'],
  ),
  tool(
    'create_folder',
    'Creates a folder. Folder names need not be unique; the new folder id is returned.',
    { name: s('Name of the folder.'), parentId: s('Parent folder; the drive root when omitted.') },
    ['name'],
  ),
  tool(
    'move_file',
    'Moves a file or folder into another folder. Sharing inherited from the old folder is replaced by that of the new one.',
    { ...fileId, targetFolderId: s('Folder to move into.') },
    ['fileId', 'targetFolderId'],
  ),
  tool(
    'copy_file',
    'Copies a file, optionally under a new name or into another folder. Comments and revision history are not copied.',
    { ...fileId, name: s('Name of the copy.'), targetFolderId: s('Folder for the copy.') },
    ['fileId'],
  ),
  tool(
    'share_file',
    'Shares a file with a person, a group or everyone with the link. Sharing with people outside the organization may be blocked by the administrator.',
    {
      ...fileId,
      email: s('Email of the person or group; omit for link sharing.'),
      role: s('Access to grant.', { enum: ['reader', 'commenter', 'writer'] }),
      notify: b('Send an email notification to the person.'),
      message: s('Message for the notification email.'),
    },
    ['fileId', 'role'],
  ),
  tool(
    'list_permissions',
    'Lists who can access a file and with which role, including link sharing and inherited access.',
    { ...fileId },
    ['fileId'],
  ),
  tool(
    'list_revisions',
    'Lists the saved revisions of a file with their author and time. Use it to find who changed what and when.',
    { ...fileId, ...page },
    ['fileId'],
  ),
  tool(
    'trash_file',
    'Moves a file or folder to the trash, where it stays restorable for 30 days. Only owners and organizers can trash shared items.',
    { ...fileId },
    ['fileId'],
  ),
];

const eventId = { eventId: s('Identifier of the event, as returned by list_events.') };
const calendarId = {
  calendarId: s('Calendar to use; "primary" is the user\'s own calendar.', { default: 'primary' }),
};

export const CALENDAR_MAIL: FixtureTool[] = [
  tool(
    'list_events',
    'Lists calendar events between two times, ordered by start time. Recurring events are expanded into single occurrences.',
    {
      ...calendarId,
      timeMin: s('Start of the range (ISO 8601).', { format: 'date-time' }),
      timeMax: s('End of the range (ISO 8601).', { format: 'date-time' }),
      query: s('Only events whose text matches these words.'),
      ...page,
    },
    ['timeMin', 'timeMax'],
  ),
  tool(
    'get_event',
    'Gets one event with its attendees and their responses, location, conferencing link and description.',
    { ...calendarId, ...eventId },
    ['eventId'],
  ),
  tool(
    'create_event',
    'Creates an event and optionally invites attendees. Times are ISO 8601 with an offset; all-day events use dates without times.',
    {
      ...calendarId,
      summary: s('Title of the event.'),
      start: s('Start time or date.'),
      end: s('End time or date.'),
      timeZone: s('IANA time zone, e.g. Europe/Paris.'),
      attendees: list('Emails of the people to invite.'),
      location: s('Where it takes place.'),
      description: s('Details shown in the invitation.'),
      addVideoCall: b('Attach a video conference link.'),
    },
    ['summary', 'start', 'end'],
  ),
  tool(
    'update_event',
    'Changes the time, title, attendees or details of an event. Attendees are notified of changes to time or location.',
    {
      ...calendarId,
      ...eventId,
      summary: s('New title.'),
      start: s('New start.'),
      end: s('New end.'),
      attendees: list('Complete list of attendee emails.'),
      location: s('New location.'),
      description: s('New details.'),
    },
    ['eventId'],
  ),
  tool(
    'delete_event',
    'Deletes an event and sends cancellations to its attendees. Deleting one occurrence of a recurring event keeps the others.',
    { ...calendarId, ...eventId, notifyAttendees: b('Email a cancellation to the attendees.') },
    ['eventId'],
  ),
  tool(
    'find_free_time',
    'Finds time slots when all given people are free, within working hours. Use it before create_event to propose a meeting time.',
    {
      attendees: list('Emails of the people who must attend.'),
      durationMinutes: n('Length of the meeting in minutes.', { minimum: 5, maximum: 480 }),
      timeMin: s('Earliest start (ISO 8601).', { format: 'date-time' }),
      timeMax: s('Latest end (ISO 8601).', { format: 'date-time' }),
      workingHoursOnly: b("Only propose slots within each person's working hours."),
    },
    ['attendees', 'durationMinutes', 'timeMin', 'timeMax'],
  ),
  tool(
    'respond_to_event',
    'Accepts, declines or tentatively accepts an invitation on behalf of the user, optionally with a note to the organizer.',
    {
      ...calendarId,
      ...eventId,
      response: s('The answer.', { enum: ['accepted', 'declined', 'tentative'] }),
      note: s('Message to the organizer.'),
    },
    ['eventId', 'response'],
  ),
  tool(
    'search_mail',
    'Searches the mailbox with the mail query syntax. Use operators such as from:, to:, subject:, has:attachment, after: and before: to narrow the results; snippets are returned, not full bodies.',
    {
      query: s('Search query, e.g. "from:ana@example.com has:attachment after:2026/01/01".'),
      labelIds: list('Only messages with all of these labels.'),
      includeSpamTrash: b('Also search spam and trash.'),
      ...page,
    },
    ['query'],
  ),
  tool(
    'read_mail',
    'Reads one email with its headers, plain-text body and the list of attachments. HTML-only emails are converted to text.',
    {
      messageId: s('Identifier of the message, as returned by search_mail.'),
      includeQuoted: b('Keep quoted earlier messages in the body.'),
    },
    ['messageId'],
  ),
  tool(
    'read_thread',
    "Reads a whole conversation in order, with each message's sender, time and body.",
    { threadId: s('Identifier of the thread.') },
    ['threadId'],
  ),
  tool(
    'send_mail',
    "Sends an email from the user's address. The body is plain text or Markdown; attachments are referenced by drive file id.",
    {
      to: list('Recipient emails.'),
      cc: list('Copy recipients.'),
      bcc: list('Hidden recipients.'),
      subject: s('Subject line.'),
      body: s('Message body.'),
      attachmentFileIds: list('Drive file ids to attach.'),
      replyToMessageId: s('Send as a reply in the thread of this message.'),
    },
    ['to', 'subject', 'body'],
  ),
  tool(
    'create_draft',
    'Saves an email as a draft without sending it, so the user can review and send it later.',
    {
      to: list('Recipient emails.'),
      subject: s('Subject line.'),
      body: s('Message body.'),
      replyToMessageId: s('Reply to this message.'),
    },
    ['to', 'subject', 'body'],
  ),
  tool(
    'modify_labels',
    'Adds or removes labels on messages, for example to archive (remove INBOX), mark as read (remove UNREAD) or star them.',
    {
      messageIds: list('Messages to change.'),
      addLabelIds: list('Labels to add.'),
      removeLabelIds: list('Labels to remove.'),
    },
    ['messageIds'],
  ),
  tool('list_labels', 'Lists the mailbox labels, system and user-created, with their message counts.', {}),
  tool(
    'get_contact',
    'Looks up a person in the directory and contacts by name or email and returns their email addresses, phone numbers, title and manager.',
    {
      query: s('Name or email to look up.'),
      maxResults: n('Most contacts to return.', { minimum: 1, maximum: 25, default: 5 }),
    },
    ['query'],
  ),
];
