#!/usr/bin/env node
/// <reference types="node" />
// The `agent-chat` command of @agent-chat/core (package.json `bin`): `agent-chat knowledge build …`.
import { runKnowledgeCli } from './knowledge-cli.js';

process.exitCode = await runKnowledgeCli(process.argv.slice(2));
