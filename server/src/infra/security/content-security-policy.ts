import { VideoLimits } from '@shared/limits';

/** A Host header we are willing to repeat in a header: name or IP literal, optional port. */
const SAFE_HOST = /^(?:[a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export interface AppCspOptions {
  /** `frame-ancestors` source list (TANDEM_FRAME_ANCESTORS), e.g. `'none'`. */
  frameAncestors: string;
  /** The page's own host (Host header): its ws:/wss: origins are listed for older browsers. */
  host?: string;
  /** Loopback origins of a benchmark harness (TANDEM_BENCH_CONNECT_SRC). */
  connectExtra?: readonly string[];
}

/**
 * The Content-Security-Policy of the app pages. No inline or foreign script; frames only for our own
 * uploads (the files manager's PDF preview) and the video hosts embeds may point at; images and media
 * from our own uploads plus the blob:/data: previews of pictures being uploaded.
 */
export function appContentSecurityPolicy({ frameAncestors, host, connectExtra = [] }: AppCspOptions): string {
  const embeds = VideoLimits.embedHosts.map((h) => `https://${h}`);
  // CSP 3 lets 'self' match ws(s) of the page's host; browsers before that need them spelled out.
  const sockets = host !== undefined && SAFE_HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Inline styles must stay: ProseMirror writes node and mark attributes such as `style="text-align: …"`
    // with setAttribute, Tiptap injects its base <style>, and popovers are positioned through `style`.
    // What those styles may contain is decided by the document model's validators, not by CSP.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...sockets, ...connectExtra].join(' '),
    ['frame-src', "'self'", ...embeds].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** The policy of everything else we answer (JSON, assets): nothing may load, nothing may frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
