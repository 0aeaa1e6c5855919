import { preloadPart, type LazyPart } from '../editor/core/lazy';
import type { ConnectionAlertProps } from './connection-alert';

/** The connection alert and its texts: a chunk of their own, as most visits never show them. */
export const connectionAlert: LazyPart<ConnectionAlertProps> = { ui: () => import('./connection-alert') };

/** Fetched at the first sign of trouble, while the server may still answer. */
export const preloadConnectionAlert = (): Promise<void> => preloadPart(connectionAlert);
