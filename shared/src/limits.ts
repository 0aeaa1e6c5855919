/**
 * Every default value and hard cap of the product, in one place (PRODUCT.md §5).
 * Units are in the field names. The server may lower a value through env, never raise it past the cap.
 */

/** Colour pickers (text and background colour). */
export const ColorLimits = {
  /** Number of preset colours. */
  presetCount: 27,
  /** Presets per row in the picker grid. */
  presetsPerRow: 7,
  /** Max length of the hex input, `#` included (`#RRGGBB` or `#RRGGBBAA`). */
  hexInputMaxChars: 9,
} as const;

/** Font sizes (menu entries and the custom-size input), in the configured unit. */
export const FontSizeLimits = {
  min: 1,
  max: 400,
} as const;

/** Character and word counters. -1 means unlimited. */
export const CounterLimits = {
  charCounterMax: -1,
  wordCounterMax: -1,
  /** Counters are shown in the status bar by default. */
  showCounters: true,
} as const;

/** Upload size caps, in bytes, enforced while streaming (exactly the cap is accepted, one byte more is not). */
export const UploadLimits = {
  maxImageBytes: 10 * 1024 * 1024,
  maxFileBytes: 10 * 1024 * 1024,
  maxVideoBytes: 10 * 1024 * 1024,
  /** Longest original file name kept (characters, after sanitizing). */
  maxNameChars: 200,
  /** Longest tag list on an image (characters, comma-separated). */
  maxTagChars: 200,
  /** Files one request of the files manager may add at once (the client sends one request per file). */
  maxFilesPerBatch: 20,
  /** Concurrent uploads one client runs; the rest wait in its queue. */
  clientConcurrency: 3,
  /** Placeholders of an author who left are removed by others after this long. */
  orphanPlaceholderMs: 30_000,
} as const;

/** Images. */
export const ImageLimits = {
  defaultWidthPx: 300,
  allowedTypes: ['jpeg', 'jpg', 'png', 'gif', 'webp'] as const,
  /** Decoded pixel cap (width × height, per frame) checked before decoding: stops pixel floods. */
  maxInputPixels: 40_000_000,
  /** Longest side of a stored image; larger images are refused as a pixel flood. */
  maxSidePx: 16_384,
  /** Width of the generated thumbnail (WebP) for the image manager. */
  thumbWidthPx: 320,
  /** Smallest width the resize handles allow. */
  minWidthPx: 16,
  /** Longest caption (characters). */
  maxCaptionChars: 1_000,
  /** Remote images (paste of a remote picture, insert by URL): fetched by the server with these caps. */
  remoteFetchTimeoutMs: 10_000,
  remoteFetchMaxRedirects: 3,
} as const;

/** Video. */
export const VideoLimits = {
  defaultWidthPx: 600,
  /** Narrowest video the resize handles allow. */
  minWidthPx: 120,
  allowedTypes: ['mp4', 'webm', 'ogg', 'mp3', 'mpeg'] as const,
  /** Hosts an embed iframe may point at (https only); the privacy-friendly variants are used on insert. */
  embedHosts: [
    'www.youtube-nocookie.com',
    'www.youtube.com',
    'player.vimeo.com',
    'www.dailymotion.com',
    'geo.dailymotion.com',
  ] as const,
} as const;

/** Files (links with icon, name and size) and the files manager. */
export const FileLimits = {
  /** Detected types a file upload may have (by content, never by name). */
  allowedTypes: [
    'pdf',
    'txt',
    'csv',
    'md',
    'json',
    'rtf',
    'docx',
    'xlsx',
    'pptx',
    'odt',
    'ods',
    'odp',
    'doc',
    'xls',
    'ppt',
    'zip',
    'png',
    'jpg',
    'gif',
    'webp',
    'mp3',
    'mp4',
    'webm',
    'ogg',
    'wav',
  ] as const,
  /** Page size of the files manager list. */
  pageSize: 50,
  maxPageSize: 200,
  maxSearchChars: 100,
} as const;

/** Image manager modal. */
export const ImageManagerLimits = {
  pageSize: 12,
  /** Largest page the load endpoint serves when paging parameters are given. */
  maxPageSize: 100,
  scrollOffsetPx: 20,
  /** Columns: 2 below 768 px, 3 below 1200 px, else 4. */
  columns: [
    { belowPx: 768, columns: 2 },
    { belowPx: 1200, columns: 3 },
    { belowPx: Number.POSITIVE_INFINITY, columns: 4 },
  ] as const,
} as const;

/** Autosave (Froala's save plugin) and snapshots. */
export const AutosaveLimits = {
  intervalMs: 10_000,
  /** Largest `saveInterval` an operator may set (ms). */
  maxIntervalMs: 60 * 60_000,
  /** A failed save is retried after a random delay of up to retryBaseMs · 2^(failures − 1)… */
  retryBaseMs: 1_000,
  /**
   * An elected saver whose published save stays behind the document for this many intervals (at least
   * saverStallMinMs) is passed over by the next client: a frozen background tab, or an editor that claims
   * the role and never saves.
   */
  saverStallIntervals: 3,
  saverStallMinMs: 30_000,
  /** …and never more than this (full jitter: each wait is uniform between 0 and the cap). */
  retryMaxMs: 60_000,
  /** Extra form fields an operator may add to every save (`saveParams`). */
  maxSaveParams: 20,
  /** A save with no answer after this long counts as failed (and is retried). */
  requestTimeoutMs: 60_000,
  /** Largest `body` (HTML) one save may send, in bytes. */
  maxBodyBytes: 5 * 1024 * 1024,
  /** Deepest element nesting kept by the server sanitizer; deeper content is kept as text. */
  maxHtmlDepth: 64,
  /** Snapshots kept per document; the oldest go first. */
  maxSnapshotsPerDocument: 500,
  /** Worker threads that sanitize snapshot bodies off the event loop (started on first use). */
  sanitizeWorkers: 2,
  maxSanitizeWorkers: 4,
  /** Bodies waiting for a sanitizer worker; one more is refused with 429 RATE_LIMITED. */
  maxQueuedSanitizes: 16,
  /** A sanitizer worker with nothing to do exits after this long (it holds a jsdom window). */
  sanitizeWorkerIdleMs: 60_000,
} as const;

/**
 * Version history (issue 13): versions the server records from the Yjs state, and their retention.
 * The per-document budget may be lowered by env (TANDEM_VERSIONS_MAX_PER_DOCUMENT, TANDEM_VERSIONS_MAX_BYTES).
 */
export const VersionLimits = {
  /** A version is recorded once a burst of edits has been idle this long… */
  idleMs: 2 * 60_000,
  /** …or has gone on this long without such a pause. */
  maxBurstMs: 10 * 60_000,
  /** How often the recorder looks for settled bursts. */
  checkIntervalMs: 5_000,
  /** Retention: every version younger than this is kept… */
  keepAllMs: 24 * 60 * 60_000,
  /** …then the newest of each hour until this age… */
  keepHourlyMs: 7 * 24 * 60 * 60_000,
  /** …then the newest of each day. Named versions are never thinned. */
  maxVersionsPerDocument: 10_000,
  /** Stored bytes of one document's versions; beyond, the oldest unnamed go first. */
  maxBytesPerDocument: 256 * 1024 * 1024,
  /** Longest version name, in characters. */
  maxNameLength: 100,
  /** Most authors listed on one version. */
  maxAuthorsPerVersion: 20,
  pageSizeDefault: 50,
  pageSizeMax: 200,
} as const;

/** Comments (issue 28): threads kept on the server, anchored in the text by the `comment` mark. */
export const CommentLimits = {
  /** A thread or comment id (url-safe, made by the client for threads so the anchor mark can carry it). */
  idPattern: '^[A-Za-z0-9_-]{8,40}$',
  maxIdChars: 40,
  /** Longest comment text, in characters. */
  maxBodyChars: 5_000,
  /** Longest quoted anchor text kept with a thread (longer quotes are cut, not refused). */
  maxQuoteChars: 500,
  /** Longest author name (as the presence list allows). */
  maxAuthorNameChars: 100,
  /** Threads of one document, resolved ones included; one more is refused with COMMENT_LIMIT_REACHED. */
  maxThreadsPerDocument: 2_000,
  /** Comments in one thread, the opening one included. */
  maxCommentsPerThread: 200,
  /** Threads anchored on one image, video or table cell (its `commentThreads` attribute). */
  maxThreadsPerObject: 20,
} as const;

/** Suggestion mode (issue 28): the insertion and deletion marks of tracked changes. */
export const SuggestionLimits = {
  /** A suggestion id: made by the suggesting client, shared by the deletion and insertion of one change. */
  idPattern: '^[A-Za-z0-9_-]{8,40}$',
  maxIdChars: 40,
  /** Longest author name kept on a suggestion mark (as the presence list allows). */
  maxAuthorNameChars: CommentLimits.maxAuthorNameChars,
  /** Longest plain value a modification mark may record (its previous and new value). */
  maxModificationValueChars: 256,
} as const;

/** Operators (issue 13): one document with its history as one file (`tandem export-document`, admin routes). */
export const ArchiveLimits = {
  /** Largest archive accepted (the gzip file as uploaded), bytes. */
  maxArchiveBytes: 256 * 1024 * 1024,
  /** Largest archive once unpacked (JSON text, files in base64); a gzip bomb stops here. */
  maxUnpackedBytes: 384 * 1024 * 1024,
  /** Upload records (and as many stored files plus thumbnails) one archive may carry. */
  maxUploads: 10_000,
  /** Snapshots one archive may carry (the autosave keep count). */
  maxSnapshots: AutosaveLimits.maxSnapshotsPerDocument,
  /** Versions one archive may carry (the per-document cap). */
  maxVersions: VersionLimits.maxVersionsPerDocument,
} as const;

/** Tables. */
export const TableLimits = {
  insertGridMaxRows: 10,
  insertGridMaxCols: 10,
  defaultWidthPercent: 100,
  resizeLimitPx: 30,
  colorsPerRow: 7,
  /** Largest colspan/rowspan a cell may carry (a merge never spans more than the table). */
  maxSpan: 1_000,
  /** Largest stored column width, in pixels (widths are weights: the table renders them as percentages). */
  maxColumnWidthPx: 10_000,
} as const;

/** Line breaker between block objects. */
export const LineBreakerLimits = {
  offsetPx: 15,
  tagsOffsetPx: 10,
} as const;

/** Embed cards (FROALA-REFERENCE §38): the card's fields and the server's page fetch. */
export const EmbedLimits = {
  maxUrlChars: 2048,
  maxTitleChars: 300,
  maxDescriptionChars: 1000,
  maxSiteNameChars: 100,
  /** Longest HTML page (or oEmbed answer) read; the rest is never downloaded. */
  maxPageBytes: 1_000_000,
  /** Whole fetch of one page or oEmbed answer, redirects included. */
  fetchTimeoutMs: 8_000,
  maxRedirects: 3,
  /** How long a card answer is reused for the same document and URL. */
  cacheTtlMs: 60 * 60 * 1000,
  /** Answers kept at once; beyond this the oldest is forgotten first. */
  cacheMaxEntries: 500,
} as const;

/** Links. */
export const LinkLimits = {
  /** Prefix added to URLs typed without a scheme. */
  autoPrefix: 'https://',
  allowedProtocols: ['http', 'https', 'mailto', 'tel'] as const,
} as const;

/** PDF export margins, in millimetres. */
export const PdfLimits = {
  marginVerticalMm: 10,
  marginHorizontalMm: 20,
} as const;

/** PDF and .docx exports, rendered in worker threads off the event loop. */
export const ExportLimits = {
  /** Worker threads rendering binary exports (each renders one document at a time). */
  workers: 1,
  /** Exports waiting for a worker; one more is refused with 503 EXPORT_BUSY. */
  maxQueued: 8,
  /** A render running longer than this is stopped (its worker too): 503 EXPORT_TIMEOUT. */
  renderTimeoutMs: 120_000,
  /** An idle export worker exits after this long. */
  workerIdleMs: 60_000,
  /** Images one export embeds at most; the rest are drawn as placeholders. */
  maxImages: 200,
  /** Bytes of image data one export embeds at most; the rest are drawn as placeholders. */
  maxImageBytes: 64 * 1024 * 1024,
} as const;

/** Importing a whole file (HTML, Markdown, Word) into a document, in the browser. */
export const ImportLimits = {
  /** Largest file read (its pictures are then uploaded one by one, each under the upload limits). */
  maxFileBytes: 10 * 1024 * 1024,
  /** File name endings accepted, and the format each is read as. */
  extensions: { html: 'html', htm: 'html', md: 'markdown', markdown: 'markdown', docx: 'docx' },
  /** MIME types accepted when the name has no known ending (browsers often send '' or a generic type). */
  mimeTypes: {
    'text/html': 'html',
    'text/markdown': 'markdown',
    'text/x-markdown': 'markdown',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  },
} as const;

/** Markdown side-by-side view. */
export const MarkdownLimits = {
  minHeightPx: 200,
  minPaneWidthPx: 100,
  maxPaneMinWidthPx: 125,
} as const;

/** Documents and the trash. */
export const DocumentLimits = {
  /** Longest document id accepted (URL-safe characters only). */
  maxIdChars: 64,
  /** Random bytes in a generated id (128 bits). */
  generatedIdBytes: 16,
  maxTitleChars: 200,
  /** Days a deleted document stays restorable. */
  trashRetentionDays: 30,
  /** Page size of document lists. */
  listPageSize: 50,
  listMaxPageSize: 200,
  /** How many opened documents the home screen remembers per browser. */
  recentDocumentsMax: 50,
} as const;

/** "My documents" lists kept on the server under a list link (issue 25). */
export const ListLimits = {
  /** Documents one list holds; one more is refused with LIST_FULL. */
  maxItems: 200,
  /** Longest document link token a list stores (the server's own are about 70 characters). */
  maxTokenChars: 512,
  /** Request bodies of the list routes (a token and JSON around it). */
  maxBodyBytes: 2 * 1024,
  /** Names of the people in a document that the list shows; the count says how many there are. */
  maxPresentNames: 8,
  /** Random bytes in a generated list id (128 bits). */
  generatedIdBytes: 16,
  /** The home page asks again for who is in each document this often while it is shown. */
  refreshMs: 30_000,
} as const;

/**
 * HTTP request rates per client address and per link token, counted in fixed windows of `windowMs`;
 * one request more answers 429 RATE_LIMITED with `Retry-After`. Operators set each count through env
 * (TANDEM_RATE_*), up to `maxPerWindow`.
 */
export const RateLimits = {
  windowMs: 60_000,
  maxWindowMs: 60 * 60 * 1000,
  /** Highest count per window any limit below may be set to. */
  maxPerWindow: 1_000_000,
  /** `POST /api/documents` needs no token, so it is counted per address only. */
  documentCreatesPerIp: 30,
  /** `POST /api/lists` (a new "My documents" list) needs no token, so it is counted per address only. */
  listCreatesPerIp: 10,
  /** Reading and changing a list (one request per document when a browser first fills it). */
  listsPerIp: 600,
  listsPerToken: 300,
  /** Image, file and video uploads. */
  uploadsPerIp: 300,
  uploadsPerToken: 120,
  /** `POST …/images/fetch` (the server fetches a remote image). */
  remoteFetchesPerIp: 120,
  remoteFetchesPerToken: 60,
  /** Autosave snapshot posts. */
  snapshotsPerIp: 120,
  snapshotsPerToken: 120,
  /** Comment writes (new threads, replies, edits, resolve, delete). */
  commentsPerIp: 300,
  commentsPerToken: 120,
  /** `GET …/export` (renders the whole document on the server). */
  exportsPerIp: 120,
  exportsPerToken: 60,
  /** Remote image fetches running at once in the whole process; one more is refused at once. */
  remoteFetchConcurrency: 8,
  maxRemoteFetchConcurrency: 256,
  /** Retry-After (seconds) of a fetch refused by the concurrency cap or a full sanitizer queue. */
  busyRetryAfterS: 1,
  /** Addresses and tokens one limiter remembers; beyond this the oldest windows are forgotten first. */
  maxTrackedKeys: 100_000,
  /** IPv6 clients are counted per prefix of this length (one host usually owns a whole /64). */
  ipv6PrefixBits: 64,
} as const;

/** Collaboration server limits, per connection and per document. */
export const CollabLimits = {
  /** Largest WebSocket frame (maxPayload). */
  maxMessageBytes: 8 * 1024 * 1024,
  /** Sustained messages per second per connection. */
  messagesPerSecond: 200,
  /** Burst allowance above the sustained rate. */
  messageBurst: 1_000,
  /** Largest awareness message. */
  maxAwarenessBytes: 32 * 1024,
  /** Awareness messages per second per connection (sustained). */
  awarenessPerSecond: 60,
  /** Entries in one awareness message. */
  maxAwarenessEntries: 64,
  /** Nesting depth of one awareness state (JSON). */
  maxAwarenessDepth: 8,
  /** Longest display name in an awareness state (UTF-16 code units, as the name field counts). */
  maxAwarenessNameChars: 40,
  /** Messages a connection may send while its document is still loading. */
  maxQueuedBeforeReady: 256,
  /** Unsent bytes a connection may have buffered before it is dropped as a peer that does not read. */
  maxBufferedBytes: 64 * 1024 * 1024,
  /** Awareness client ids one connection may control. */
  maxAwarenessClientsPerConnection: 4,
  /**
   * How long the connection holding a presence id has to answer a ping when another connection claims
   * the id (an author back after a network loss the server has not noticed): no answer drops it.
   */
  contestedProbeMs: 3_000,
  /** Largest stored document (sum of its stored updates). */
  maxDocumentBytes: 64 * 1024 * 1024,
  /** Connections to one document. */
  maxConnectionsPerDocument: 2_000,
  /** Keep an unused document in memory this long after its last client left. */
  unloadGraceMs: 5_000,
  /** WebSocket ping interval; a peer that misses one pong is dropped. */
  pingIntervalMs: 30_000,
  /** Compact stored updates into one state after this many rows. */
  compactAfterUpdates: 500,
  /** Also compact a document with pending rows this long after its last compaction. */
  compactIntervalMs: 60_000,
  /** Title changes are written to the documents table after this quiet time. */
  titleStoreDebounceMs: 500,
} as const;

/** The collaboration server's update guard (shared/src/document/update-guard.ts). */
export const GuardLimits = {
  /** Largest update the guard looks at; larger ones are refused (below the frame cap). */
  maxUpdateBytes: 8 * 1024 * 1024,
  /** Longest single inserted string (a paste of a whole document is one string per text run). */
  maxStringChars: 2_000_000,
  /** Longest attribute or mark attribute value (its JSON). */
  maxAttributeChars: 8_192,
  /** Longest document title in the shared metadata map. */
  maxTitleChars: DocumentLimits.maxTitleChars,
  /** Deepest chain of origin references followed to find where an item lives. */
  maxResolveDepth: 2_000,
  /** Updates with missing dependencies one connection may have held at once. */
  maxHeldUpdates: 32,
  /** Bytes of such updates one connection may have held at once. */
  maxHeldBytes: 1024 * 1024,
} as const;

/** Attribute values of the document model (shared/src/document): what one stored attribute may hold. */
export const DocumentModelLimits = {
  /** Longest URL an attribute holds (image and video `src`, file and link `href`). */
  maxUrlChars: 2_048,
  /** Longest free-text attribute (image `alt`, link `title`, file and placeholder `name`). */
  maxTextChars: 1_000,
  /** Longest image caption. */
  maxCaptionChars: ImageLimits.maxCaptionChars,
  /** Longest font stack (`"Times New Roman", Times, serif`). */
  maxFontFamilyChars: 200,
  /** Longest extra declaration list of a text span (`letter-spacing: 2px; opacity: 0.5`). */
  maxInlineStyleChars: 1_000,
  /** Longest value of one declaration of that list. */
  maxDeclarationValueChars: 200,
  /** Longest CSS length or line height (`12.5px`, `1.15`). */
  maxCssLengthChars: 20,
  /** Tokens of a `rel` attribute. */
  maxRelTokens: 8,
  /** `rel` tokens a link may carry besides those of the deployment's `linkRel`. */
  relTokens: ['noopener', 'noreferrer', 'nofollow', 'ugc', 'sponsored', 'external'] as const,
  /** Longest upload id (`data-id`). */
  maxUploadIdChars: 64,
  /** Longest MIME type of a file link. */
  maxMimeChars: 255,
  /** Longest upload placeholder key. */
  maxPlaceholderKeyChars: 64,
  /** Largest ordered-list start number. */
  maxListStart: 999_999_999,
  /** Largest file size a file link states, in bytes. */
  maxFileSizeBytes: Number.MAX_SAFE_INTEGER,
  /** Largest upload start time a placeholder holds (ms since the epoch, well past any real clock). */
  maxTimestampMs: 8_640_000_000_000_000,
  /** Yjs client ids are unsigned 32-bit integers. */
  maxClientId: 0xffff_ffff,
} as const;

/** Client-side connection behaviour. */
export const ConnectionLimits = {
  /** Longest reconnect backoff. */
  maxBackoffMs: 10_000,
  /** Failed attempts without ever opening before "cannot connect" is shown. */
  failedAttemptsBeforeBlocked: 3,
} as const;
