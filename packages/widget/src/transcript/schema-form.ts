import { html, nothing, type TemplateResult } from 'lit';

interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  /** Legacy labels of `enum` values. */
  enumNames?: string[];
  /** Titled single choice: `[{ const, title }]`. */
  oneOf?: Array<{ const?: unknown; title?: string }>;
  /** Multiple choice (`type: 'array'`): `items.enum`, or titled `items.anyOf: [{ const, title }]`. */
  items?: { enum?: unknown[]; anyOf?: Array<{ const?: unknown; title?: string }> };
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

interface Choice {
  value: unknown;
  label: string;
}

/** The choices of an enum field (MCP elicitation's single and multiple select forms), if it is one. */
function choices(field: FieldSchema): Choice[] | undefined {
  const titled = (list: Array<{ const?: unknown; title?: string }>) =>
    list.map((option) => ({ value: option.const, label: option.title ?? String(option.const) }));
  const plain = (list: unknown[], names?: string[]) =>
    list.map((value, i) => ({ value, label: names?.[i] ?? String(value) }));
  if (field.type === 'array') {
    if (Array.isArray(field.items?.anyOf)) return titled(field.items.anyOf);
    if (Array.isArray(field.items?.enum)) return plain(field.items.enum);
    return undefined;
  }
  if (Array.isArray(field.oneOf)) return titled(field.oneOf);
  if (Array.isArray(field.enum)) return plain(field.enum, field.enumNames);
  return undefined;
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
    const options = choices(field);
    if (options) {
      const multiple = field.type === 'array';
      const chosen = (v: unknown) =>
        multiple && Array.isArray(field.default) ? field.default.includes(v) : v === field.default;
      return html`<div class="field">
        <label for=${id}>${label}</label>
        <select id=${id} name=${name} ?multiple=${multiple} ?required=${required}
          aria-describedby=${describedBy}>
          ${options.map((o, i) => html`<option value=${i} ?selected=${chosen(o.value)}>${o.label}</option>`)}
        </select>${description}
      </div>`;
    }
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
    const options = choices(field);
    if (field.type === 'boolean') value[name] = (control as HTMLInputElement).checked;
    else if (options && control instanceof HTMLSelectElement) {
      // Options carry their index, so values keep their type (numbers stay numbers).
      const picked = [...control.selectedOptions].map((o) => options[Number(o.value)]!.value);
      if (field.type === 'array') {
        if (picked.length) value[name] = picked;
      } else if (picked.length) value[name] = picked[0];
    } else if (control.value === '') continue;
    else if (field.type === 'number' || field.type === 'integer') value[name] = Number(control.value);
    else value[name] = control.value;
  }
  return value;
}
