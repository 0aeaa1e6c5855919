// What the keys of a selected image do; fetched with the first such key (or with the edit popup).
export { caretBesideImage, insertBreakBeforeImage, removeSelectedImage } from './image-edit-commands';
export { zoomSelectedImage } from './image-zoom';
