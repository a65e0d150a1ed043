import type { WebMcpTool } from './webmcp.js';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * WebMCP's declarative tools: each `<form toolname="…" tooldescription="…">` of the page is a tool whose
 * input is the form's named fields (`toolparamdescription` describes one). Running it fills the form and
 * submits it: the page's `submit` listener may answer through `event.respondWith(promise)`; otherwise the
 * form is sent with fetch to its `action` and the response text is the result (the page does not navigate).
 */
export function toolForms(root: ParentNode = document): HTMLFormElement[] {
  return [...root.querySelectorAll<HTMLFormElement>('form[toolname]')];
}

/** The WebMCP tool a `<form toolname>` declares. */
export function formTool(form: HTMLFormElement): WebMcpTool {
  const properties: Record<string, Record<string, unknown>> = {};
  const required = new Set<string>();
  for (const control of controls(form)) {
    const name = control.name;
    const schema = properties[name] ?? fieldSchema(control);
    if (control instanceof HTMLInputElement && control.type === 'radio')
      schema.enum = [...((schema.enum as string[] | undefined) ?? []), control.value];
    properties[name] = schema;
    if (control.required) required.add(name);
  }
  return {
    name: form.getAttribute('toolname') ?? '',
    description: form.getAttribute('tooldescription') ?? '',
    inputSchema: { type: 'object', properties, ...(required.size ? { required: [...required] } : {}) },
    execute: (input) => submit(form, input),
  };
}

function controls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (e): e is Control =>
      (e instanceof HTMLInputElement || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement) &&
      Boolean(e.name) &&
      !(
        e instanceof HTMLInputElement &&
        ['hidden', 'submit', 'button', 'reset', 'image', 'file'].includes(e.type)
      ),
  );
}

function fieldSchema(control: Control): Record<string, unknown> {
  const label = control.getAttribute('toolparamdescription') ?? control.labels?.[0]?.textContent?.trim();
  const description = label ? { description: label } : {};
  if (control instanceof HTMLSelectElement)
    return { type: 'string', enum: [...control.options].map((o) => o.value), ...description };
  if (control instanceof HTMLInputElement) {
    if (control.type === 'number' || control.type === 'range') return { type: 'number', ...description };
    if (control.type === 'checkbox') return { type: 'boolean', ...description };
  }
  return { type: 'string', ...description };
}

/** A submit event a page can answer: `event.agentInvoked` is true, `event.respondWith(result)` replies. */
export interface ToolSubmitEvent extends SubmitEvent {
  agentInvoked: true;
  respondWith(result: unknown): void;
}

async function submit(form: HTMLFormElement, input: Record<string, unknown>): Promise<unknown> {
  for (const control of controls(form)) {
    if (!(control.name in input)) continue;
    const value = input[control.name];
    if (control instanceof HTMLInputElement && control.type === 'checkbox') control.checked = value === true;
    else if (control instanceof HTMLInputElement && control.type === 'radio')
      control.checked = control.value === value;
    else control.value = value === undefined || value === null ? '' : String(value);
  }
  let reply: unknown;
  let answered = false;
  const event = Object.assign(new SubmitEvent('submit', { bubbles: true, cancelable: true }), {
    agentInvoked: true as const,
    respondWith: (result: unknown) => {
      answered = true;
      reply = result;
    },
  });
  form.dispatchEvent(event);
  if (answered) return await reply;
  if (event.defaultPrevented) return 'The form was submitted.';
  const method = (form.getAttribute('method') ?? 'get').toLowerCase();
  const data = new FormData(form);
  const url = new URL(form.action || location.href);
  // Entries as text (a file as its name's placeholder, as the browser's URLSearchParams(FormData) does).
  const params = new URLSearchParams();
  for (const [key, value] of data) params.append(key, String(value));
  if (method === 'get') for (const [key, value] of params) url.searchParams.append(key, value);
  const response = await fetch(url, {
    method: method === 'get' ? 'GET' : 'POST',
    credentials: 'same-origin',
    ...(method === 'get' ? {} : { body: params }),
  });
  const text = (await response.text()).slice(0, 10_000);
  if (!response.ok) throw new Error(`The form was refused: HTTP ${response.status}. ${text}`);
  return text;
}
