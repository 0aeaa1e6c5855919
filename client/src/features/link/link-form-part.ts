import type { ComponentProps } from 'react';
import { partComponent, preloadPart, type LazyPart } from '../../editor/core/lazy';
import type { LinkForm as Form } from './link-form';

const form: LazyPart<ComponentProps<typeof Form>> = { ui: () => import('./link-form') };

/** The link form, fetched with the link popup's first open (or earlier, with the link popup when idle). */
export const LinkForm = partComponent(form);

/** Starts fetching the form (a popup that offers it is showing). */
export const preloadLinkForm = (): Promise<void> => preloadPart(form);
