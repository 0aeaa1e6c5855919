/**
 * Keyboard and screen-reader repairs for the image editor library, whose tabs, tools and filters are
 * clickable `div`s marked `aria-selected` (a state only tabs and options may carry) and whose crop menu
 * button has no name. A pressable `div` becomes a focusable button with `aria-pressed` that Enter and
 * Space press (a group when it holds a button itself); nameless buttons and fields get their title or
 * `nameless(control)`. Returns what stops the repairs.
 */
export function repairEditorA11y(root: HTMLElement, nameless: (control: HTMLElement) => string | null): () => void {
  const repair = (): void => {
    for (const el of root.querySelectorAll<HTMLElement>('div[aria-selected]')) {
      const selected = el.getAttribute('aria-selected') === 'true';
      el.removeAttribute('aria-selected');
      el.dataset.press = '';
      if (!el.hasAttribute('tabindex')) el.tabIndex = 0;
      // A tool holding a button of its own (crop and its presets menu) cannot be a button: a group.
      if (el.querySelector('button')) {
        el.setAttribute('role', 'group');
        if (selected) el.setAttribute('aria-current', 'true');
        else el.removeAttribute('aria-current');
      } else {
        el.setAttribute('role', 'button');
        el.setAttribute('aria-pressed', String(selected));
      }
    }
    for (const button of root.querySelectorAll<HTMLElement>('button:not([aria-label]):not([title])')) {
      if (button.textContent?.trim()) continue;
      const name = nameless(button);
      if (name) button.setAttribute('aria-label', name);
    }
    for (const input of root.querySelectorAll<HTMLInputElement>('input:not([aria-label]):not([type="hidden"])')) {
      if (input.labels?.length) continue;
      const name = input.title || nameless(input);
      if (name) input.setAttribute('aria-label', name);
    }
  };
  const pressByKey = (event: KeyboardEvent): void => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.dataset.press === undefined) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    target.click();
  };
  repair();
  const observer = new MutationObserver(repair);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected'] });
  root.addEventListener('keydown', pressByKey);
  return () => {
    observer.disconnect();
    root.removeEventListener('keydown', pressByKey);
  };
}
