-- Transcripts (TRANSCRIPTS="on"): what visitors asked, what the assistant answered (masked), what it
-- cost, and the visitors' feedback. Apply with `wrangler d1 migrations apply TRANSCRIPTS_DB` (README).
-- Times are milliseconds since the epoch; `client_hash` is an HMAC of the client key, never an address.

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  client_hash TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX conversations_updated ON conversations (updated_at DESC);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL,
  call_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  role TEXT NOT NULL,
  content TEXT NOT NULL
);
CREATE INDEX messages_conversation ON messages (conversation_id, created_at);

CREATE TABLE calls (
  id TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  model TEXT NOT NULL DEFAULT '',
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  credits REAL NOT NULL DEFAULT 0,
  tool_calls TEXT NOT NULL DEFAULT '[]',
  finish_reason TEXT,
  error_code TEXT
);
CREATE INDEX calls_conversation ON calls (conversation_id, created_at);
CREATE INDEX calls_created ON calls (created_at);

CREATE TABLE feedback (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL,
  message_id TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  rating TEXT NOT NULL,
  comment TEXT NOT NULL DEFAULT ''
);
CREATE INDEX feedback_conversation ON feedback (conversation_id);
