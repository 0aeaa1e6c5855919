import { partComponent } from '../core/lazy';
import type { ColorPickerProps } from './color-picker';
// In the first load (as before): the popup shows laid out as soon as its code arrives.
import './color-picker.css';

export type { ColorPickerProps };

/**
 * The popup: recently used row, presets + eraser grid, hex field with OK (the colour controls and the
 * table's cell background). Its code is fetched the first time a colour popup opens.
 */
export const ColorPicker = partComponent<ColorPickerProps>({ ui: () => import('./color-picker') });
