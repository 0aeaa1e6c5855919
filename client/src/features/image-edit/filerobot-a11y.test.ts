import { afterEach, describe, expect, it } from 'vitest';
import { repairEditorA11y } from './filerobot-a11y';

describe('image editor a11y repairs', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('turns selectable divs into pressable buttons, also when the library re-renders them', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="FIE_tab" aria-selected="true">Adjust</div><div aria-selected="false">Crop</div>';
    document.body.append(root);
    let clicks = 0;
    root.querySelectorAll('div')[1]?.addEventListener('click', () => (clicks += 1));
    stop = repairEditorA11y(root, () => null);
    const [tab, tool] = [...root.querySelectorAll<HTMLElement>('div')];
    expect(tab?.getAttribute('aria-pressed')).toBe('true');
    expect(tab?.hasAttribute('aria-selected')).toBe(false);
    expect(tool?.getAttribute('role')).toBe('button');
    expect(tool?.tabIndex).toBe(0);
    tool?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(clicks).toBe(1);
    tool?.setAttribute('aria-selected', 'true');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tool?.getAttribute('aria-pressed')).toBe('true');
    root.remove();
  });

  it('makes a tool that holds a button a focusable group, current while selected', () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="FIE_crop-tool" aria-selected="true">Crop<button></button></div>';
    stop = repairEditorA11y(root, () => 'Crop presets');
    const crop = root.querySelector<HTMLElement>('.FIE_crop-tool');
    expect(crop?.getAttribute('role')).toBe('group');
    expect(crop?.getAttribute('aria-current')).toBe('true');
    expect(crop?.hasAttribute('aria-pressed')).toBe(false);
    expect(root.querySelector('button')?.getAttribute('aria-label')).toBe('Crop presets');
  });

  it('names buttons that have neither text nor a label', () => {
    const root = document.createElement('div');
    root.innerHTML = '<button><svg></svg></button><button>Save</button><button title="Zoom in"></button>';
    stop = repairEditorA11y(root, () => 'Crop presets');
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Crop presets', null, null]);
  });

  it('names fields without a label by their title or the callback', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<input title="Width in pixels"><input type="range"><label>Name <input id="n"></label><input type="hidden">';
    stop = repairEditorA11y(root, (control) => (control instanceof HTMLInputElement ? 'Brightness' : null));
    const inputs = [...root.querySelectorAll('input')];
    expect(inputs.map((i) => i.getAttribute('aria-label'))).toEqual(['Width in pixels', 'Brightness', null, null]);
  });
});
