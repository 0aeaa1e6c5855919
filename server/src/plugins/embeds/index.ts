import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EmbedAnswer, EmbedRequest } from '@shared/api/embeds';
import { MediaParams } from '@shared/api/media';
import { cleanEmbedUrl } from '@shared/document/model/embed-card-values';
import { parseVideoUrl } from '@shared/document/model/video-url';
import { EmbedLimits, RateLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { documentErrorResponses } from '../../infra/errors/responses';
import { refuseRateLimited } from '../../infra/rate-limit/index';
import { buildCard } from './build-card';
import { CardCache } from './card-cache';

const responses = { 200: EmbedAnswer, ...documentErrorResponses(413, 429, 502) };

/** Embed cards (FROALA-REFERENCE §38): the server reads a page's oEmbed / Open Graph data for an editor. */
export default async function embedsPlugin(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { config, store } = app;
  const cache = new CardCache(EmbedLimits.cacheTtlMs, EmbedLimits.cacheMaxEntries);

  app.post(
    '/api/documents/:id/embeds',
    {
      config: { requestLimit: 'remoteFetches', doc: 'write' },
      schema: { params: MediaParams, body: EmbedRequest, response: responses },
    },
    async (request, reply) => {
      const docId = request.document.id;
      const url = cleanEmbedUrl(request.body.url);
      if (!url) throw new AppError('EMBED_URL_INVALID');
      // An allowed video host becomes the video node, without a fetch.
      const video = parseVideoUrl(url);
      if (video.ok && video.kind === 'iframe') return { kind: 'video' as const, url };
      const cached = cache.get(docId, url);
      if (cached) return cached;
      // Shares the remote-image fetcher's process-wide cap: one more is refused at once.
      const release = app.remoteFetchGate.tryEnter();
      if (!release) refuseRateLimited(reply, RateLimits.busyRetryAfterS * 1000);
      let answer: EmbedAnswer;
      try {
        answer = await buildCard(
          { config, instanceId: app.instanceId, media: store.media, blobs: app.blobs, log: request.log },
          docId,
          url,
        );
      } finally {
        release();
      }
      cache.set(docId, url, answer);
      request.log.info({ docId, kind: answer.kind }, 'embed card read');
      return answer;
    },
  );
}
