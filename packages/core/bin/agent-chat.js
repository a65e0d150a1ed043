#!/usr/bin/env node
// `npx @agent-chat/core knowledge build <docs folder or manifest.json> --out <folder>` (see src/rag/built/knowledge-cli.ts).
import { runKnowledgeCli } from '../dist/build.js';

process.exitCode = await runKnowledgeCli(process.argv.slice(2));
