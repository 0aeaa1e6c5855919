// The media nodes' names and URL attributes, without their Tiptap nodes (image-model.ts, video-model.ts,
// file-model.ts, upload-placeholder-model.ts, which re-export them): the server reads them at start (upload
// removal, exports) and Tiptap loads only with the document model (issue 29).

/** The image node's name and the attribute holding its URL (uploads are found by it). */
export const ImageMedia = { node: 'image', urlAttr: 'src' } as const;

/** The video node's name and the attribute holding its URL (uploads are found by it). */
export const VideoMedia = { node: 'video', urlAttr: 'src' } as const;

/** The file node's name and the attribute holding its URL (uploads are found by it). */
export const FileMedia = { node: 'file', urlAttr: 'href' } as const;

/** The placeholder's name; it holds no URL. */
export const PlaceholderMedia = { node: 'uploadPlaceholder', urlAttr: null } as const;

/** Document nodes that reference uploads, and the attribute holding the URL (as each node declares it). */
export const MediaNodes = {
  image: ImageMedia,
  video: VideoMedia,
  file: FileMedia,
  placeholder: PlaceholderMedia,
} as const;
