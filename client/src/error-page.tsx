import type { ReactNode } from 'react';
import { Lazy, preloadPart, type LazyPart } from './editor/core/lazy';

export type ErrorPageKind =
  | 'pageNotFound'
  | 'invalidDocId'
  | 'docNotFound'
  | 'docDeleted'
  | 'badToken'
  | 'noToken'
  | 'readOnly'
  | 'failed'
  | 'cannotConnect';

export interface ErrorPageProps {
  kind: ErrorPageKind;
  /** Replaces the page's own explanation (a server's message). */
  detail?: string;
  /** The i18n key of a text that replaces it (the connection diagnosis), translated with the page's texts. */
  detailKey?: string;
  /** Extra actions before the way home (Retry). */
  children?: ReactNode;
}

// The pages and their texts are a chunk of their own: most visits never show one.
const view: LazyPart<ErrorPageProps> = { ui: () => import('./error-page-view') };

/** Fetches the error pages early (idle time, the first sign of a connection problem), so they show offline too. */
export const preloadErrorPage = (): Promise<void> => preloadPart(view);

/** A full page in the app's frame for a state the editor cannot open from: what happened, what to do, a way home. */
export function ErrorPage(props: ErrorPageProps) {
  return <Lazy part={view} {...props} />;
}
