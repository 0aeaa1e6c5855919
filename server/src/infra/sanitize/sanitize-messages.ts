/** A body for a sanitizer worker. */
export interface SanitizeRequest {
  id: number;
  html: string;
}

/** The worker's answer: the sanitized HTML, or why it failed. */
export type SanitizeReply = { id: number; html: string } | { id: number; error: string };
