import type { NodeViewFactory } from '../../editor/core/lazy';
import { ImageView } from './image-view';

export const imageView: NodeViewFactory = (node, editor, getPos) => new ImageView(node, editor, getPos);
