import { nothing } from 'lit';
import { type ChildPart, Directive, directive, type PartInfo } from 'lit/directive.js';
import type { ViewContext } from '../shared/view-context.js';
import type { StageItem } from '../transcript-model/transcript.js';
import { viewTagOf } from './tool-view-config.js';
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
 * The views of calls that waited on an approval, by approval request: the approved call's stage comes back
 * under the resumed run's id (a new part), and keeps its element.
 */
const approvedViews = new Map<string, ViewSlot>();

/** A call that has not started (its input streaming, or waiting on an approval) shows only with its own view. */
function early(stage: StageItem): boolean {
  return stage.status === 'approval' || stage.argsText !== undefined;
}

class StageViewDirective extends Directive {
  #slot: ViewSlot | undefined;

  constructor(part: PartInfo) {
    super(part);
  }

  render(stage: StageItem, _ctx: ViewContext, draw: DrawStage): unknown {
    return early(stage) ? nothing : draw(undefined);
  }

  override update(part: ChildPart, [stage, ctx, draw]: Parameters<this['render']>): unknown {
    // Lit renders the element's templates with the element as `host`: the configuration is read from it.
    const host = part.options?.host;
    const tag = host instanceof Element ? viewTagOf(host, stage.name) : undefined;
    if (!tag || !(host instanceof Element)) return this.render(stage, ctx, draw);
    if (!slots) {
      loadSlots().then(ctx.rerender, (error: unknown) =>
        console.error('<agent-chat>: could not load the tool views chunk', error),
      );
      return this.render(stage, ctx, draw) ?? nothing;
    }
    const { approval } = stage;
    this.#slot ??= (approval && approvedViews.get(approval)) || new slots.ViewSlot(host, tag, stage.name);
    if (approval)
      if (stage.status === 'done' || stage.status === 'failed') approvedViews.delete(approval);
      else approvedViews.set(approval, this.#slot);
    const view = this.#slot.render(stage, ctx);
    // A view that could not be shown: the call shows as it would without one, once it starts.
    return 'notice' in view && early(stage) ? nothing : draw(view);
  }
}

/**
 * A stage drawn with the page's own element for its tool (`tool-views` / `toolViews`) inside, or as it is
 * when the tool has no view. One element per call: the directive keeps it across renders.
 */
export const stageView = directive(StageViewDirective);
