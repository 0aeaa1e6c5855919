import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { DocumentModelLimits, FontSizeLimits } from '../../limits';
import type { AttrValidator } from './model-types';
import {
  classListValidator,
  cleanLength,
  cleanRel,
  imageStyleClasses,
  inlineClassValues,
  isCodeLanguage,
  isCssColor,
  isFontFamily,
  isFontSize,
  isHeadingLevel,
  isInlineStyle,
  isLineHeight,
  isLinkHref,
  isLinkTarget,
  isListStart,
  isListStyleType,
  isMediaLength,
  isOrderedListType,
  isStorableUrl,
  isTextAlign,
  isUploadId,
  paragraphStyleClasses,
  relTokens,
  relValidator,
} from './validators';

/** Values no validator may accept: CSS, URL and attribute injections, wrong types, prototype keys. */
const HOSTILE: readonly unknown[] = [
  'url(https://evil.example/x.png)',
  'expression(alert(1))',
  'red;position:fixed',
  '1px; position: fixed; inset: 0',
  'javascript:alert(1)',
  'x" onmouseover="alert(1)',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
  { toString: () => 'red' },
  ['red'],
  Number.NaN,
  undefined,
];

/** Prototype key names are plain words to a free token (a language, a font, an id): harmless there. */
const WORDS = ['__proto__', 'constructor'];

function refusesHostile(name: string, validate: AttrValidator, allowed: readonly unknown[] = []): void {
  it(`${name} refuses injections, wrong types and prototype keys`, () => {
    for (const value of HOSTILE) {
      if (allowed.includes(value)) continue;
      expect(validate(value), `${name} accepts ${String(value).slice(0, 40)}`).toBe(false);
    }
  });
}

const options = defaultEditorOptions;

describe('block attribute validators', () => {
  it('accept the canonical values', () => {
    for (const a of ['left', 'center', 'right', 'justify']) expect(isTextAlign(a)).toBe(true);
    for (const v of ['1', '1.15', '2', '.5', '24px', '1.5em', '2rem', '150%']) expect(isLineHeight(v)).toBe(true);
    for (const level of [1, 2, 3, 4, 5, 6]) expect(isHeadingLevel(level)).toBe(true);
    for (const t of ['square', 'disc', 'lower-roman', 'decimal']) expect(isListStyleType(t)).toBe(true);
    for (const t of ['1', 'a', 'A', 'i', 'I']) expect(isOrderedListType(t)).toBe(true);
    for (const n of [0, 1, 3, DocumentModelLimits.maxListStart]) expect(isListStart(n)).toBe(true);
    for (const l of ['js', 'typescript', 'c++', 'c#', 'objective_c', 'shell-session'])
      expect(isCodeLanguage(l)).toBe(true);
  });

  it('refuse what is not canonical or out of range', () => {
    for (const a of ['LEFT', 'start', 'center ', '']) expect(isTextAlign(a)).toBe(false);
    for (const v of ['normal', '1.2345', '1000', '2 ', '1px 2px', '']) expect(isLineHeight(v)).toBe(false);
    for (const level of [0, 7, 1.5, '1', null]) expect(isHeadingLevel(level)).toBe(false);
    for (const t of ['Square', 'none', 'url(x)']) expect(isListStyleType(t)).toBe(false);
    for (const t of ['b', '11', 'i ']) expect(isOrderedListType(t)).toBe(false);
    for (const n of [-1, 1.5, DocumentModelLimits.maxListStart + 1, '3']) expect(isListStart(n)).toBe(false);
    for (const l of ['JS', 'a b', 'x'.repeat(31), '', '<script>']) expect(isCodeLanguage(l)).toBe(false);
  });

  refusesHostile('textAlign', isTextAlign);
  refusesHostile('lineHeight', isLineHeight);
  refusesHostile('heading level', isHeadingLevel);
  refusesHostile('list style type', isListStyleType);
  refusesHostile('ordered list type', isOrderedListType);
  refusesHostile('list start', isListStart);
  refusesHostile('code language', isCodeLanguage, WORDS);
});

describe('class list validators (the deployment’s styles only)', () => {
  const paragraph = classListValidator(paragraphStyleClasses(options), null);
  const image = classListValidator(imageStyleClasses(options), '');
  const inline = classListValidator(inlineClassValues(options), null);

  it('accept configured classes, alone or together, and the empty value', () => {
    expect(paragraph('fr-text-gray')).toBe(true);
    expect(paragraph('fr-text-uppercase fr-text-gray')).toBe(true);
    expect(paragraph(null)).toBe(true);
    expect(image('fr-rounded fr-shadow')).toBe(true);
    expect(image('')).toBe(true);
    expect(inline('fr-class-highlighted')).toBe(true);
  });

  it('refuse unknown, duplicated or badly spaced classes', () => {
    for (const v of [
      'evil-overlay',
      'fr-text-gray evil',
      'fr-text-gray fr-text-gray',
      ' fr-text-gray',
      'fr-text-gray  fr-text-spaced',
      '',
    ]) {
      expect(paragraph(v), v).toBe(false);
    }
    expect(image(null)).toBe(false);
    expect(image('fr-fil')).toBe(false);
    expect(inline('fr-rounded')).toBe(false);
  });

  it('follow the options they are built from', () => {
    const custom = {
      ...options,
      paragraphStyles: [
        { label: 'Note', value: 'note' },
        { label: 'Bad', value: 'two words' },
      ],
    };
    expect(paragraphStyleClasses(custom)).toEqual(['note']);
    expect(classListValidator(paragraphStyleClasses(custom), null)('note')).toBe(true);
    expect(classListValidator(paragraphStyleClasses(custom), null)('fr-text-gray')).toBe(false);
  });

  refusesHostile('paragraph class', paragraph);
  refusesHostile('image classes', image);
  refusesHostile('inline class', inline);
});

describe('text style validators', () => {
  it('accept canonical colours, font stacks, sizes and declarations', () => {
    for (const c of ['#E25041', '#e25041', '#E2504180', 'red', 'transparent']) expect(isCssColor(c)).toBe(true);
    for (const f of options.fontFamilies.map((e) => e.value)) expect(isFontFamily(f), f).toBe(true);
    expect(isFontFamily('Noto Sans JP, sans-serif')).toBe(true);
    for (const s of ['24px', '11pt', '1.5em', '0.875rem', '120%', `${FontSizeLimits.max}px`])
      expect(isFontSize(s)).toBe(true);
    expect(isInlineStyle('letter-spacing: 2px')).toBe(true);
    expect(isInlineStyle('letter-spacing: 2px; opacity: 0.5')).toBe(true);
  });

  it('refuse colours, fonts, sizes and declarations that are not canonical or not safe', () => {
    for (const c of ['#F00', 'rgb(1,2,3)', 'Red', '#GGGGGG', 'red ', '']) expect(isCssColor(c), c).toBe(false);
    for (const f of [
      'Arial; color: red',
      'a:b',
      'x\\',
      '',
      ' ',
      'x'.repeat(DocumentModelLimits.maxFontFamilyChars + 1),
    ]) {
      expect(isFontFamily(f), f).toBe(false);
    }
    for (const s of ['0px', '401px', '24', 'large', '24PX', '12.5555px', '-1px', '0em'])
      expect(isFontSize(s), s).toBe(false);
    for (const d of [
      'font-size: 20px',
      'color: red',
      'position: fixed',
      'letter-spacing:2px',
      'letter-spacing: 2px;',
      '',
    ]) {
      expect(isInlineStyle(d), d).toBe(false);
    }
  });

  refusesHostile('colour', isCssColor, WORDS);
  refusesHostile('font family', isFontFamily, WORDS);
  refusesHostile('font size', isFontSize);
  refusesHostile('inline style', isInlineStyle);
});

describe('link validators', () => {
  const rel = relValidator(options);

  it('accept allow-listed hrefs, _blank and allow-listed rel tokens', () => {
    for (const h of ['https://example.com/a?b=1', 'http://x.io', 'mailto:me@x.io', 'tel:+49301', '/pricing', '#top']) {
      expect(isLinkHref(h), h).toBe(true);
    }
    expect(isLinkTarget('_blank')).toBe(true);
    for (const r of ['noopener', 'noopener noreferrer', 'nofollow ugc']) expect(rel(r), r).toBe(true);
  });

  it('refuse other schemes, untrimmed or overlong hrefs, other targets and unknown rel tokens', () => {
    for (const h of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'java\tscript:x',
      '&#106;avascript:x',
      'data:text/html,x',
      ' https://x.io',
      '',
    ]) {
      expect(isLinkHref(h), h).toBe(false);
    }
    expect(isLinkHref(`https://x.io/${'a'.repeat(DocumentModelLimits.maxUrlChars)}`)).toBe(false);
    for (const t of ['_self', '_top', 'frame']) expect(isLinkTarget(t)).toBe(false);
    for (const r of ['opener', 'noopener noopener', 'NOOPENER', 'noopener  noreferrer', ''])
      expect(rel(r), r).toBe(false);
  });

  it('keeps the deployment’s own rel tokens, and cleans a rel down to allowed tokens', () => {
    const custom = { ...options, linkRel: 'noopener external-site' };
    expect(relTokens(custom).has('external-site')).toBe(true);
    expect(relValidator(custom)('external-site')).toBe(true);
    expect(cleanRel('NoOpener help noopener nofollow', relTokens(options))).toBe('noopener nofollow');
    expect(cleanRel('help', relTokens(options))).toBeNull();
  });

  refusesHostile('href', isLinkHref, WORDS);
  refusesHostile('target', isLinkTarget);
  refusesHostile('rel', rel);
});

describe('media validators', () => {
  it('accept canonical lengths, upload ids and storable URLs', () => {
    for (const l of ['300px', '50%', '12.5px']) expect(isMediaLength(l)).toBe(true);
    for (const id of ['u1', 'abc_DEF-123']) expect(isUploadId(id)).toBe(true);
    for (const u of ['https://x.io/a.png', 'http://x.io/a.png', '/uploads/abc.png'])
      expect(isStorableUrl(u)).toBe(true);
  });

  it('refuse non-canonical lengths, other ids and other addresses', () => {
    for (const l of ['300', '300PX', ' 300px', '0px', '-1px', '300em', 'calc(100%)'])
      expect(isMediaLength(l), l).toBe(false);
    expect(cleanLength(' 300 PX ')).toBe('300px');
    for (const id of ['', 'a b', 'x'.repeat(65), '../x']) expect(isUploadId(id)).toBe(false);
    for (const u of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example/x', 'relative.png']) {
      expect(isStorableUrl(u), u).toBe(false);
    }
  });

  refusesHostile('media length', isMediaLength);
  refusesHostile('upload id', isUploadId, WORDS);
});
