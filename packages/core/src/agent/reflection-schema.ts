import { fromJSONSchema } from '../tools/json-schema-type.js';

// Apart from the reflection step (reflection.ts, loaded when an agent reflects): the package entry exports
// this schema, and esbuild's code splitting loads up front every module such an export names (evanw/esbuild#2922).

/** The reflection's verdict on the tool results so far. */
export interface Reflection {
  verdict: 'satisfied' | 'need_more' | 'blocked';
  /** One short sentence. */
  reason: string;
}

/** Schema of a {@link Reflection} (a Standard Schema with JSON Schema). */
export const ReflectionSchema = fromJSONSchema<Reflection>({
  type: 'object',
  properties: {
    verdict: { type: 'string', enum: ['satisfied', 'need_more', 'blocked'] },
    reason: { type: 'string', description: 'One short sentence' },
  },
  required: ['verdict', 'reason'],
});
