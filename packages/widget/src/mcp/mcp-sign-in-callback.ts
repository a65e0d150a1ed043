// Loaded by agent-chat.ts only when the page is an OAuth redirect (its query has state or error).
import { completeMcpSignIn } from '@agent-chat/core';

completeMcpSignIn();
