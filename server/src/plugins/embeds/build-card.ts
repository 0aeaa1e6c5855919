import type { FastifyBaseLogger } from 'fastify';
import type { EmbedAnswer } from '@shared/api/embeds';
import { embedCardAttrsFrom } from '@shared/document/model/embed-card-values';
import { UPLOADS_PATH } from '@shared/api/media-values';
import { EmbedLimits, ImageLimits } from '@shared/limits';
import type { ServerConfig } from '../../config';
import { ingestUpload } from '../../domain/media/ingest';
import { TOO_LARGE_CODE } from '../../domain/media/detect';
import { AppError } from '../../infra/errors/app-error';
import { safeFetch, type FetchedBody } from '../../infra/media/safe-fetch';
import type { BlobStore } from '../../infra/blobs/blob-store';
import type { Store } from '../../infra/storage/store';
import { loadOnce } from '../../infra/load-once';

/** The page reader (parse5) loads at the first card built, not at start (issue 29). */
const loadPageMeta = loadOnce(() => import('./page-meta'));

interface Deps {
  config: ServerConfig;
  /** This instance (`app.instanceId`): where a fetched picture is staged. */
  instanceId: string;
  media: Store['media'];
  blobs: BlobStore;
  log: FastifyBaseLogger;
}

/** Fetches a page (or oEmbed answer) with the embed caps; a plain failure to read becomes EMBED_FETCH_FAILED. */
async function fetchText(config: ServerConfig, url: string, accept: string): Promise<FetchedBody> {
  try {
    return await safeFetch(url, {
      maxBytes: config.embeds.maxPageBytes,
      timeoutMs: config.embeds.fetchTimeoutMs,
      maxRedirects: EmbedLimits.maxRedirects,
      allowHosts: config.fetchAllowHosts,
      tooLargeCode: 'EMBED_PAGE_TOO_LARGE',
      accept,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'IMAGE_BAD_LINK') throw new AppError('EMBED_FETCH_FAILED');
    throw error;
  }
}

/** The card's picture as one of the document's uploads (`/uploads/…`), or null when it cannot be had. */
async function rehostImage(deps: Deps, docId: string, url: string): Promise<string | null> {
  try {
    const fetched = await safeFetch(url, {
      maxBytes: deps.config.uploads.maxImageBytes,
      timeoutMs: ImageLimits.remoteFetchTimeoutMs,
      maxRedirects: ImageLimits.remoteFetchMaxRedirects,
      allowHosts: deps.config.fetchAllowHosts,
      tooLargeCode: TOO_LARGE_CODE.image,
    });
    const name = fetched.url.pathname.split('/').filter(Boolean).pop() ?? 'card';
    const { row } = await ingestUpload(
      { config: deps.config, instanceId: deps.instanceId, media: deps.media, blobs: deps.blobs },
      { docId, kind: 'image', bytes: fetched.bytes, name, tag: 'embed' },
    );
    return `${UPLOADS_PATH}${row.storedName}`;
  } catch (error) {
    // A card without its picture is still a card.
    deps.log.info({ err: error, docId }, 'embed card picture not kept');
    return null;
  }
}

/**
 * The card of a page: its oEmbed discovery answer (title, provider, thumbnail; never its `html`), then its
 * Open Graph / Twitter metadata and `<title>`. Nothing of the page's own HTML is kept.
 */
export async function buildCard(deps: Deps, docId: string, url: string): Promise<EmbedAnswer> {
  const page = await fetchText(deps.config, url, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1');
  const { readOEmbed, readPageMeta } = await loadPageMeta();
  const meta = readPageMeta(page.bytes.toString('utf8'), page.url);
  let oembed = null;
  if (meta.oembedUrl) {
    try {
      const answer = await fetchText(deps.config, meta.oembedUrl, 'application/json');
      oembed = readOEmbed(answer.bytes, answer.url);
    } catch (error) {
      deps.log.info({ err: error, docId }, 'embed oEmbed answer not read');
    }
  }
  const title = meta.title || oembed?.title || meta.documentTitle;
  const description = meta.description;
  const imageUrl = meta.image ?? oembed?.image ?? null;
  if (!title && !description && !imageUrl) return { kind: 'link', url };
  const image = imageUrl ? await rehostImage(deps, docId, imageUrl) : null;
  const card = embedCardAttrsFrom({
    url,
    title,
    description,
    image,
    siteName: meta.siteName || oembed?.siteName || page.url.hostname,
  });
  return card ? { kind: 'card', card } : { kind: 'link', url };
}
