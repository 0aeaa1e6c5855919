import type { ComponentProps } from 'react';
import { partComponent } from '../../editor/core/lazy';
import type { VideoForm as Form } from './video-form';

/** The By URL / Embedded Code / Upload form, fetched the first time a video popup shows it. */
export const VideoForm = partComponent<ComponentProps<typeof Form>>({ ui: () => import('./video-form') });
