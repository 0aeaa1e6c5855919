import type { NodeViewFactory } from '../../editor/core/lazy';
import { IconView } from './icon-view';

export const iconView: NodeViewFactory = (node) => new IconView(node);
