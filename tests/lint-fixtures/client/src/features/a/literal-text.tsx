// Deliberate i18n bypasses (Close, Search, Find, Loading…, Hello, Remove twice) beside text that passes.
declare const t: (key: string) => string;
export function Literal() {
  return (
    <div>
      <button aria-label="Close">×</button>
      <input placeholder="Search" title={'Find'} />
      <span>{'Loading…'}</span>
      Hello
      <span aria-hidden="true">ab</span>
      <input placeholder="https://" aria-label={t('a.url')} />
    </div>
  );
}
export const build = (el: HTMLElement): void => {
  el.textContent = 'Remove';
  el.setAttribute('title', 'Remove');
  el.setAttribute('aria-label', t('a.remove'));
  el.textContent = '42';
};
