// The framework typings cannot drift from <agent-chat>: the element's source gives custom-elements.json
// (widget-docs.test.ts checks it), which gives src/frameworks/agent-chat-api.generated.ts (checked here), which
// every framework typing and the React wrapper are computed from.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  eventPropName,
  frameworkTypesSource,
  GENERATED_FILE,
  readManifest,
} from '../../packages/widget/scripts/framework-types.ts';

describe('the framework typings of <agent-chat>', () => {
  it('are what custom-elements.json gives', () => {
    // Run `pnpm --filter @agent-chat/widget manifest` when this fails.
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(frameworkTypesSource(readManifest()));
  });

  it('take a new attribute and event from the manifest with no hand edit', () => {
    const manifest = readManifest();
    const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName)!;
    element.attributes = [
      ...(element.attributes ?? []),
      { name: 'starter-prompts', fieldName: 'starterPrompts' },
    ];
    element.events = [...(element.events ?? []), { name: 'agent-chat-feedback' }];
    const source = frameworkTypesSource(manifest);
    expect(source).toContain("'starter-prompts': 'starterPrompts';");
    expect(source).toContain("| 'starterPrompts'");
    expect(source).toContain("onFeedback: 'agent-chat-feedback',");
    expect(source).toContain("onRunFinish: 'agent-chat-run-finish',");
  });

  it('name the React wrapper’s event props after the events', () => {
    expect(eventPropName('agent-chat-message')).toBe('onMessage');
    expect(eventPropName('agent-chat-run-start')).toBe('onRunStart');
  });
});
