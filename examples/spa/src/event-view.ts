import type { AgentEvent } from '@agent-chat/core';

/** Where the view writes, and how it asks the user (approvals, clarifications). */
export interface EventViewHost {
  log: HTMLOListElement;
  respond(requestId: string, value: unknown): void;
}

/**
 * Renders agent events into a list: the user's message, supervisor decisions, a stage per tool call,
 * a timeline per workflow (steps of one batch overlap visibly), the streamed answer, and forms for
 * approvals and clarifications. Only `textContent` is used: model output is never parsed as HTML.
 */
export class EventView {
  readonly #host: EventViewHost;
  readonly #stages = new Map<string, HTMLElement>();
  readonly #steps = new Map<string, { row: HTMLElement; bar: HTMLElement; started: number }>();
  #workflowStart = 0;
  #answer: HTMLElement | undefined;

  constructor(host: EventViewHost) {
    this.#host = host;
  }

  apply(event: AgentEvent): void {
    switch (event.type) {
      case 'run.start':
        if (event.message) this.#item('user', event.message);
        this.#answer = undefined;
        break;
      case 'supervisor.decided':
        this.#item('decision', `Supervisor (${event.mode}): ${event.action} — ${event.reason}`);
        break;
      case 'tool.start':
        if (!event.stepId)
          this.#stages.set(
            event.toolCallId,
            this.#item('stage', stageLabel(event.name, event.args), 'running'),
          );
        break;
      case 'tool.complete':
      case 'tool.error': {
        const stage = this.#stages.get(event.toolCallId);
        if (stage) {
          stage.dataset.status = event.type === 'tool.complete' ? 'done' : 'failed';
          stage.append(` — ${Math.round(event.durationMs)} ms`);
        }
        break;
      }
      case 'workflow.created':
        this.#workflow(event.workflowId, event.goal, event.steps, event.ts);
        break;
      case 'workflow.step.start': {
        const step = this.#steps.get(`${event.workflowId}:${event.stepId}`);
        if (!step) break;
        step.started = event.ts;
        step.row.dataset.status = 'running';
        step.row.dataset.start = String(event.ts);
        step.bar.style.left = `${(event.ts - this.#workflowStart) / 4}px`;
        break;
      }
      case 'workflow.step.complete': {
        const step = this.#steps.get(`${event.workflowId}:${event.stepId}`);
        if (!step) break;
        step.row.dataset.status = event.status;
        step.row.dataset.end = String(event.ts);
        step.bar.style.width = `${(event.ts - step.started) / 4}px`;
        step.row.querySelector('.duration')!.textContent =
          `${event.status} ${Math.round(event.durationMs)} ms`;
        break;
      }
      case 'response.chunk':
        this.#answer ??= this.#item('assistant', '');
        this.#answer.textContent += event.text;
        break;
      case 'approval.request':
        this.#ask(`Allow ${event.name}(${JSON.stringify(event.args)})?`, event.requestId, [
          ['Allow', true],
          ['Deny', false],
        ]);
        break;
      case 'clarify.request':
        this.#clarify(event.question, event.requestId);
        break;
      case 'error':
        this.#item('error', event.message);
        break;
      case 'run.finish':
        this.#item(
          'meta',
          `Run ${event.status} after ${event.turns} model call(s)${event.message ? `: ${event.message}` : ''}`,
        );
        break;
    }
  }

  #item(kind: string, text: string, status?: string): HTMLLIElement {
    const li = document.createElement('li');
    li.className = kind;
    if (status) li.dataset.status = status;
    li.textContent = text;
    this.#host.log.append(li);
    li.scrollIntoView({ block: 'nearest' });
    return li;
  }

  #workflow(id: string, goal: string, steps: Array<{ id: string; name: string; tool: string }>, ts: number) {
    this.#workflowStart = ts;
    const li = this.#item('workflow', '');
    const title = document.createElement('h2');
    title.textContent = `Workflow: ${goal}`;
    li.append(title);
    for (const step of steps) {
      const row = document.createElement('div');
      row.className = 'step';
      row.dataset.stepId = step.id;
      row.dataset.status = 'pending';
      const name = document.createElement('span');
      name.textContent = `${step.name} (${step.tool})`;
      const track = document.createElement('span');
      track.className = 'track';
      const bar = document.createElement('span');
      bar.className = 'bar';
      track.append(bar);
      const duration = document.createElement('span');
      duration.className = 'duration';
      row.append(name, track, duration);
      li.append(row);
      this.#steps.set(`${id}:${step.id}`, { row, bar, started: ts });
    }
  }

  #ask(question: string, requestId: string, choices: Array<[string, unknown]>) {
    const li = this.#item('request', question);
    for (const [label, value] of choices) {
      const button = document.createElement('button');
      button.textContent = label;
      button.addEventListener('click', () => {
        for (const b of li.querySelectorAll('button')) b.disabled = true;
        this.#host.respond(requestId, value);
      });
      li.append(' ', button);
    }
  }

  #clarify(question: string, requestId: string) {
    const li = this.#item('request', question);
    const form = document.createElement('form');
    const input = document.createElement('input');
    input.setAttribute('aria-label', question);
    form.append(input);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      input.disabled = true;
      this.#host.respond(requestId, input.value);
    });
    li.append(form);
  }
}

function stageLabel(name: string, args: unknown): string {
  if (name === 'plan_workflow')
    return `${name}: planning ${(args as { steps?: unknown[] })?.steps?.length ?? 0} steps`;
  const text = JSON.stringify(args);
  return `${name} ${text.length > 120 ? `${text.slice(0, 117)}…` : text}`;
}
