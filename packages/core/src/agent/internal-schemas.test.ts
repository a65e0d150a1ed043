import { describe, expect, it } from 'vitest';
import { SupervisorDecisionSchema } from './supervisor-decision.js';
import { validateWorkflow } from './workflow-definition.js';

// The core's own schemas are ones the fast check takes: their validation is synchronous (validateWorkflow
// relies on it), with no @cfworker/json-schema loaded.
const validate = (value: unknown) => {
  const result = SupervisorDecisionSchema['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('expected the fast, synchronous check');
  return result;
};

describe('core schemas without a schema library', () => {
  it('reads a decision with an action alias and fills step defaults, without changing the input', () => {
    const raw = {
      action: 'Create_Workflow',
      reasoning: 'two tools',
      goal: 'g',
      steps: [{ id: 's1', name: 'Search', tool: 'search' }],
    };
    expect(validate(raw)).toEqual({
      value: {
        action: 'workflow',
        reasoning: 'two tools',
        goal: 'g',
        steps: [{ id: 's1', name: 'Search', tool: 'search', input: {}, dependsOn: [] }],
      },
    });
    expect(raw.steps[0]).not.toHaveProperty('input');
  });

  it('names the field an action needs and the field that is wrong', () => {
    expect(validate({ action: 'call_tool', reasoning: 'r' })).toEqual({
      issues: [{ path: ['tool'], message: 'required for action "call_tool"' }],
    });
    const wrong = validate({ action: 'dance', reasoning: 'r' });
    expect(wrong.issues?.[0]?.path).toEqual(['action']);
  });

  it('reports workflow shape problems as path: message sentences', () => {
    const result = validateWorkflow(
      { goal: 'g', steps: [{ id: 'bad id', name: 'n', tool: 't' }] },
      new Set(['t']),
    );
    expect(result).toEqual({ ok: false, errors: [expect.stringMatching(/^steps\.0\.id: .*pattern/)] });
    expect(
      validateWorkflow({ goal: 'g', steps: [{ id: 'a', name: 'n', tool: 't' }] }, new Set(['t'])),
    ).toEqual({
      ok: true,
      workflow: { goal: 'g', steps: [{ id: 'a', name: 'n', tool: 't', input: {}, dependsOn: [] }] },
      batches: [['a']],
    });
  });
});
