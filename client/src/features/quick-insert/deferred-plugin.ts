import { Plugin, type EditorStateConfig, type PluginKey, type PluginView } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** A view of the filled-in plugin, for the editor view it was made for. */
interface Lent {
  editorView: EditorView;
  view: PluginView | null;
}

/**
 * A plugin that is in the editor from its creation but whose code arrives later (`fill`, with a
 * plugin from a lazily loaded chunk that uses the same key). Registering the late plugin instead would
 * reconfigure the editor, which re-creates every plugin view. Forwarded: the state, the view, and the
 * `handleKeyDown` and `decorations` props. Its state is null until the late plugin is there.
 *
 * The late plugin's view also outlives reconfigurations (another part registering its plugin): it is
 * handed from the old view of this plugin to the new one, so an open menu stays open.
 */
export class DeferredPlugin<S extends object> {
  readonly plugin: Plugin<S | null>;
  private late: Plugin | null = null;
  private config: EditorStateConfig = {};
  private readonly views = new Set<Lent>();
  /** Views whose plugin view was just destroyed: kept for the view made right after (a reconfiguration). */
  private readonly leaving = new Set<Lent>();

  /** `key` is also the late plugin's key. */
  constructor(private readonly key: PluginKey<S | null>) {
    this.plugin = new Plugin<S | null>({
      key,
      state: {
        init: (config) => {
          this.config = config;
          return null;
        },
        apply: (tr, value, oldState, newState) => {
          const field = this.late?.spec.state;
          if (!field) return value;
          // The first transaction after the late plugin arrived starts its state; later ones update it.
          return value === null
            ? field.init.call(this.late, this.config, newState)
            : field.apply.call(this.late, tr, value, oldState, newState);
        },
      },
      props: {
        handleKeyDown: (view, event) => {
          const late = this.ready(view) ? this.late : null;
          return late?.props.handleKeyDown?.call(late, view, event) ?? false;
        },
        decorations: (state) => {
          const late = key.getState(state) ? this.late : null;
          return late?.props.decorations?.call(late, state) ?? null;
        },
      },
      view: (editorView) => this.lend(editorView),
    });
  }

  /** Whether the late plugin and its state are there for this view's state. */
  private ready(view: EditorView): boolean {
    return this.late !== null && Boolean(this.key.getState(view.state));
  }

  private lend(editorView: EditorView): PluginView {
    // A reconfiguration destroys the plugin views and at once makes new ones: take over the late view.
    let lent = [...this.leaving].find((l) => l.editorView === editorView);
    if (lent) this.leaving.delete(lent);
    else lent = { editorView, view: this.late?.spec.view?.(editorView) ?? null };
    const current = lent;
    this.views.add(current);
    return {
      update: (view, prevState) => current.view?.update?.(view, prevState),
      destroy: () => {
        this.views.delete(current);
        this.leaving.add(current);
        queueMicrotask(() => {
          if (!this.leaving.delete(current)) return;
          current.view?.destroy?.();
        });
      },
    };
  }

  get filled(): boolean {
    return this.late !== null;
  }

  /**
   * Plugs the late plugin in. Two meta-only transactions follow: one starts its state, the next lets it
   * look at the document as it is now, so a trigger typed before the code arrived (`/`) takes effect.
   */
  fill(late: Plugin, view: EditorView): void {
    if (this.late) return;
    this.late = late;
    for (const lent of this.views) lent.view ??= late.spec.view?.(lent.editorView) ?? null;
    if (view.isDestroyed) return;
    for (let i = 0; i < 2; i += 1) view.dispatch(view.state.tr.setMeta('addToHistory', false));
  }
}
