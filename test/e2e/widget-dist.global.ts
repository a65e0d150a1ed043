// Global setup of the e2e project: the widget's script-tag build is made once, into a folder of its own,
// and every test file serves that folder (inject('widgetDist')) instead of building its own copy — fifteen
// builds of the same sources were a minute of CI. Test files only read it; it is removed after the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildWidget } from '../../scripts/lib/widget-build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the script-tag build of the widget (agent-chat.js and its chunks). */
    widgetDist: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dist = mkdtempSync(join(tmpdir(), 'agent-chat-e2e-dist-'));
  buildWidget(dist);
  project.provide('widgetDist', dist);
  return () => rmSync(dist, { recursive: true, force: true });
}
