import { emitter } from '../../../lib/store';

/** A selected range, as document positions. */
export interface PointerRange {
  from: number;
  to: number;
}

/**
 * The selection the last mouse gesture in the editor ended with (null while the button is down or
 * when it ended with a caret), and who wants to hear when a gesture ends.
 */
export class PointerGesture {
  selection: PointerRange | null = null;
  private readonly ended = emitter();

  start(): void {
    this.selection = null;
  }

  end(selection: PointerRange | null): void {
    this.selection = selection;
    this.ended.emit();
  }

  /** Calls `listener` after every gesture's end; returns the unsubscribe. */
  onEnd(listener: () => void): () => void {
    return this.ended.on(listener);
  }

  /** Whether `from`..`to` is the range the last gesture selected. */
  selected(from: number, to: number): boolean {
    return this.selection?.from === from && this.selection.to === to;
  }
}
