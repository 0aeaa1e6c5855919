import { ImageModel } from '@shared/document/model/image-model';
import { lazyNodeView } from '../../editor/core/lazy';

// Resize handles, caption field and missing-image box: fetched when the first image is drawn.
const view = lazyNodeView(ImageModel.name, () => import('./image-view-factory').then((m) => m.imageView));

/** The model's `image` node with the authors' view (resize handles, caption field, missing-image box). */
export const ImageNode = ImageModel.extend({
  addNodeView() {
    return view.renderer;
  },
});
