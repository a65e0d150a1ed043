import { html, nothing, type TemplateResult } from 'lit';

interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  format?: string;
}

/** The fields of a flat object schema (MCP elicitation allows only primitives), in declaration order. */
function fields(schema: Record<string, unknown>): Array<[string, FieldSchema, boolean]> {
  const properties = (schema.properties ?? {}) as Record<string, FieldSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, field]) => [name, field ?? {}, required.has(name)]);
}

/**
 * Form controls generated from a JSON Schema: text, number, checkbox or select per property, labelled by
 * `title` (else the name), described by `description`, filled with `default`. Native controls, so the
 * form is keyboard-operable and the browser checks `required`, `min` and `max`.
 */
export function renderSchemaFields(idPrefix: string, schema: Record<string, unknown>): TemplateResult[] {
  return fields(schema).map(([name, field, required]) => {
    const id = `${idPrefix}-${name}`;
    const label = field.title ?? name;
    const describedBy = field.description ? `${id}-desc` : nothing;
    const description = field.description
      ? html`<small id="${id}-desc" class="field-desc">${field.description}</small>`
      : nothing;
    if (field.type === 'boolean')
      return html`<div class="field checkbox">
        <input type="checkbox" id=${id} name=${name} ?checked=${field.default === true}
          aria-describedby=${describedBy} />
        <label for=${id}>${label}</label>${description}
      </div>`;
    if (Array.isArray(field.enum))
      return html`<div class="field">
        <label for=${id}>${label}</label>
        <select id=${id} name=${name} ?required=${required} aria-describedby=${describedBy}>
          ${field.enum.map((v) => html`<option value=${String(v)} ?selected=${v === field.default}>${String(v)}</option>`)}
        </select>${description}
      </div>`;
    const numeric = field.type === 'number' || field.type === 'integer';
    const type = numeric
      ? 'number'
      : field.format === 'email'
        ? 'email'
        : field.format === 'date'
          ? 'date'
          : 'text';
    return html`<div class="field">
      <label for=${id}>${label}</label>
      <input type=${type} id=${id} name=${name} ?required=${required}
        .value=${field.default === undefined ? '' : String(field.default)}
        step=${field.type === 'integer' ? '1' : numeric ? 'any' : nothing}
        min=${field.minimum ?? nothing} max=${field.maximum ?? nothing}
        aria-describedby=${describedBy} />${description}
    </div>`;
  });
}

/** Reads a generated form back into an object typed by the schema (numbers as numbers, checkboxes as booleans). */
export function readSchemaForm(
  form: HTMLFormElement,
  schema: Record<string, unknown>,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [name, field] of fields(schema)) {
    const control = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (!control) continue;
    if (field.type === 'boolean') value[name] = (control as HTMLInputElement).checked;
    else if (control.value === '') continue;
    else if (field.type === 'number' || field.type === 'integer') value[name] = Number(control.value);
    else if (Array.isArray(field.enum))
      value[name] = field.enum.find((v) => String(v) === control.value) ?? control.value;
    else value[name] = control.value;
  }
  return value;
}
