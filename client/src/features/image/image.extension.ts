import { ImageModel } from '@shared/document/model/image-model';
import { ImageView } from './image-view';

/** The model's `image` node with the authors' view (resize handles, caption field, missing-image box). */
export const ImageNode = ImageModel.extend({
  addNodeView() {
    return ({ node, editor, getPos }) => new ImageView(node, editor, getPos);
  },
});
