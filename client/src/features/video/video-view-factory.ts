import type { NodeViewFactory } from '../../editor/core/lazy';
import { VideoView } from './video-view';

export const videoView: NodeViewFactory = (node, editor, getPos) => new VideoView(node, editor, getPos);
