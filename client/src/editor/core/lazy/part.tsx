import { createElement, type ComponentType } from 'react';
import type { Editor } from '@tiptap/core';
import type { Store } from '../../../lib/store';
import { chunk, type Chunk, type ChunkModule } from './chunk';
import { onIdle, onNeed, onRender, whenOpen, type ComponentChunk } from './part-loaders';
import type { Placement } from './part-status';

/** A module holding a lazily loaded part: the component as its default export, and its English strings. */
export interface PartModule<P extends object> extends ChunkModule {
  default: ComponentType<P>;
}

/**
 * When a part's chunk is fetched, besides the moment it must show:
 * - absent: when it is first rendered (a form inside a popup), with "Loading…" in its place meanwhile;
 * - `'idle'`: when the author pauses after the page shows; nothing renders until then;
 * - `'hover'`: the same, or at once at the first mouse move (a hover handle), which is replayed;
 * - `{ when, afterPause }`: idle, or at once when `when` holds for the editor, or when `afterPause` has
 *   held for a moment (checked per transaction until the chunk is there: they must be cheap);
 * - `{ open }`: a dialog or panel whose open flag this reads: fetched when it first opens, then kept;
 * - `{ need }`: idle, or at once when the hook `need` says the part has something to show.
 */
export type PartPreload<P extends object> =
  | 'idle'
  | 'hover'
  | { when?: (editor: Editor) => boolean; afterPause?: (editor: Editor) => boolean }
  | { open: (props: P) => Store<boolean> }
  | { need: (props: P) => boolean };

/**
 * A part of the UI whose code is a chunk of its own (STYLE: heavy UI is not in the first load), declared
 * where it is used (a capability's Overlay, StatusBar or pane, a form inside a popup) and loaded by this
 * folder, which retries a failed fetch, preloads as declared, adds the module's strings and catches a
 * part that fails while rendering. Declare it once (a module-level constant or a capability's field):
 * the loader keeps one chunk and one component per declaration object.
 */
export interface LazyPart<P extends object> {
  /** A single `import()` of the part's module, or the chunk (chunk.ts) it shares with code that needs it too. */
  ui: (() => Promise<PartModule<P>>) | Chunk<PartModule<P>>;
  preload?: PartPreload<P>;
  /** Where "Loading…" and failures show for a part fetched on render: in its popup (default) or floating. */
  placement?: Placement;
}

/** A capability's UI slot: a component of the first load, or a part loaded on demand. */
export type Slot<P extends object> = ComponentType<P> | LazyPart<P>;

const isPart = <P extends object>(slot: Slot<P>): slot is LazyPart<P> => typeof slot === 'object' && 'ui' in slot;

const chunks = new WeakMap<object, Chunk<PartModule<object>>>();
const components = new WeakMap<object, ComponentType<never>>();

/** The chunk of a declared part (one per declaration). */
function chunkOf<P extends object>(part: LazyPart<P>): Chunk<PartModule<P>> {
  const { ui } = part;
  if (typeof ui !== 'function') return ui;
  let code = chunks.get(part) as Chunk<PartModule<P>> | undefined;
  if (!code) {
    code = chunk(ui);
    chunks.set(part, code as Chunk<PartModule<object>>);
  }
  return code;
}

function build<P extends object>(part: LazyPart<P>): ComponentType<P> {
  const code = chunkOf(part);
  const component: ComponentChunk<P> = {
    load: () => code.load().then((module) => module.default),
    loaded: () => code.loaded()?.default ?? null,
  };
  const { preload } = part;
  if (preload === undefined) return onRender(component, part.placement ?? 'inline');
  if (preload === 'idle' || preload === 'hover') return onIdle(component, { hover: preload === 'hover' });
  if ('open' in preload) return whenOpen(component, preload.open);
  if ('need' in preload) return onNeed(component, preload.need);
  return onIdle(component, preload);
}

/** The component standing in for a slot: the slot itself, or its part's loader (one per declaration). */
export function partComponent<P extends object>(slot: Slot<P>): ComponentType<P> {
  if (!isPart(slot)) return slot;
  let component = components.get(slot) as ComponentType<P> | undefined;
  if (!component) {
    component = build(slot);
    components.set(slot, component as ComponentType<never>);
  }
  return component;
}

/** Renders a declared part with its props (`<Lazy part={colorPicker} … />`). */
export function Lazy<P extends object>(props: { part: LazyPart<P> } & P) {
  const { part, ...rest } = props;
  // partComponent returns the same component for a declaration every time, so nothing is remade here.
  return createElement(partComponent(part), rest as unknown as P);
}

/** Starts fetching a part's chunk early (the pointer is over the button that opens it); a failure waits for the real load. */
export const preloadPart = <P extends object>(part: LazyPart<P>): Promise<void> => chunkOf(part).preload();
