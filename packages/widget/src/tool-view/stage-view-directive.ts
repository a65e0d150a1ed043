import { nothing } from 'lit';
import { type ChildPart, Directive, directive, type PartInfo } from 'lit/directive.js';
import type { ViewContext } from '../shared/view-context.js';
import type { StageItem } from '../transcript-model/transcript.js';
import type { ViewRendering, ViewSlot } from './view-slot.js';

type SlotModule = typeof import('./view-slot.js');
let slots: SlotModule | undefined;
let loading: Promise<SlotModule> | undefined;

/** Loads the view slots (a chunk of their own) once; a failed load is tried again on the next render. */
function loadSlots(): Promise<SlotModule> {
  loading ??= import('./view-slot.js').then(
    (loaded) => (slots = loaded),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Draws a stage, given what its view shows (undefined: the tool has none, or it is not there yet). */
export type DrawStage = (view: ViewRendering | undefined) => unknown;

/**
 * Whether the page may draw some tool with its own element: `tool-views`, `toolViews` or a page tool with a
 * `view`. Which tool, and with which element, the view slots' chunk reads (tool-view-config.ts), loaded then:
 * a page without views never loads it.
 */
function mayHaveViews(host: Element): boolean {
  const { toolViews, tools } = host as Element & { toolViews?: unknown; tools?: unknown };
  return (
    host.hasAttribute('tool-views') ||
    (typeof toolViews === 'object' && toolViews !== null) ||
    (Array.isArray(tools) && tools.some((tool) => tool?.view))
  );
}

/** A call that has not started (its input streaming, or waiting on an approval) shows only with its own view. */
function early(stage: StageItem): boolean {
  return stage.status === 'approval' || stage.argsText !== undefined;
}

class StageViewDirective extends Directive {
  /** The call's view, once it has one (view-slot.ts keeps it here). */
  slot: ViewSlot | undefined;

  constructor(part: PartInfo) {
    super(part);
  }

  render(stage: StageItem, _ctx: ViewContext, draw: DrawStage): unknown {
    return early(stage) ? nothing : draw(undefined);
  }

  override update(part: ChildPart, [stage, ctx, draw]: Parameters<this['render']>): unknown {
    // Lit renders the element's templates with the element as `host`: the configuration is read from it.
    const host = part.options?.host;
    if (!(host instanceof Element) || !mayHaveViews(host)) return this.render(stage, ctx, draw);
    if (!slots) {
      loadSlots().then(ctx.rerender, (error: unknown) =>
        console.error('<agent-chat>: could not load the tool views chunk', error),
      );
      return this.render(stage, ctx, draw) ?? nothing;
    }
    return slots.drawWithView(this, host, stage, ctx, draw, early(stage)) ?? this.render(stage, ctx, draw);
  }
}

/**
 * A stage drawn with the page's own element for its tool (`tool-views` / `toolViews`) inside, or as it is
 * when the tool has no view. One element per call: the directive keeps it across renders.
 */
export const stageView = directive(StageViewDirective);
