// The loader of everything fetched on demand. Code outside this folder imports only this file.
export { chunk, settleFetches, trackFetch, type Chunk, type ChunkModule, type EnglishStrings } from './chunk';
export { Lazy, partComponent, preloadPart, type LazyPart, type PartModule, type PartPreload, type Slot } from './part';
export { FailedNotice, PartStatus } from './part-status';
export { noteBusy, whenIdle } from './idle';
export { Dialog, DropdownMenu, Popover, Tabs, Tooltip, preloadRadixKit } from './lazy-radix';
export { lazyNodeView, type NodeViewFactory } from './lazy-node-view';
