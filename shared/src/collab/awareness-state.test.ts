import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { YDocKeys } from '../document/yjs/ydoc-keys';
import { CollabLimits } from '../limits';
import { isValidAwarenessSave, isValidAwarenessState, isValidAwarenessUser } from './awareness-state';

const user = { name: 'Guest 123', color: '#1971c2' };
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Caret ends as y-tiptap writes them: inside text (item), at the end of the fragment (tname), of an element (type). */
function positions(): { inText: Y.RelativePosition; atEnd: Y.RelativePosition; inElement: Y.RelativePosition } {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment(YDocKeys.content);
  const paragraph = new Y.XmlElement('paragraph');
  const text = new Y.XmlText('hello');
  paragraph.insert(0, [text]);
  fragment.insert(0, [paragraph]);
  return {
    inText: Y.createRelativePositionFromTypeIndex(text, 2, -1),
    atEnd: Y.createRelativePositionFromTypeIndex(fragment, 1, -1),
    inElement: Y.createRelativePositionFromTypeIndex(paragraph, 1),
  };
}

const validPosition = (): Record<string, unknown> => wire(positions().inText) as Record<string, unknown>;
const withCursor = (anchor: unknown, head: unknown = validPosition()): unknown => ({ user, cursor: { anchor, head } });

describe('isValidAwarenessState', () => {
  it('accepts every state a Tandem client sends', () => {
    const { inText, atEnd, inElement } = positions();
    expect(isValidAwarenessState({})).toBe(true);
    expect(isValidAwarenessState({ user })).toBe(true);
    expect(isValidAwarenessState({ user, cursor: null })).toBe(true);
    expect(isValidAwarenessState({ cursor: null })).toBe(true);
    for (const [anchor, head] of [
      [inText, inText],
      [inText, atEnd],
      [inElement, atEnd],
    ]) {
      // As the local state holds it (class instances) and as it arrives over the wire (JSON, nulls).
      expect(isValidAwarenessState({ user, cursor: { anchor, head } })).toBe(true);
      expect(isValidAwarenessState(wire({ user, cursor: { anchor, head } }))).toBe(true);
    }
    // Y.relativePositionToJSON leaves the unset fields out.
    expect(isValidAwarenessState(withCursor(Y.relativePositionToJSON(inText), Y.relativePositionToJSON(atEnd)))).toBe(
      true,
    );
  });

  it('accepts caret ends of older Yjs versions (an item alone)', () => {
    expect(
      isValidAwarenessState(withCursor({ type: null, tname: null, item: { client: 7, clock: 0 }, assoc: 0 })),
    ).toBe(true);
    expect(isValidAwarenessState(withCursor({ item: { client: 0, clock: 9 }, assoc: -1 }))).toBe(true);
  });

  it("accepts a browser's person id, and refuses one that is not a short base64url word", () => {
    expect(isValidAwarenessUser({ name: 'Ada', color: '#1971c2', person: 'aB3_-xYz09' })).toBe(true);
    for (const person of ['short', 'p'.repeat(33), '<b>bold</b>', 'has space 123', 12345678, null])
      expect(isValidAwarenessUser({ name: 'Ada', color: '#1971c2', person }), String(person)).toBe(false);
  });

  it('accepts a name of exactly the limit, upper-case colours and an empty name', () => {
    expect(isValidAwarenessUser({ name: 'n'.repeat(CollabLimits.maxAwarenessNameChars), color: '#ABCDEF' })).toBe(true);
    expect(isValidAwarenessUser({ name: '', color: '#000000' })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'state'],
    ['a number', 7],
    ['an array', [user]],
    ['an unknown key', { user, extra: 1 }],
    ['a __proto__ key', JSON.parse('{"__proto__": {"user": {"name": "x", "color": "#000000"}}}')],
    ['a constructor key', { constructor: 'x' }],
    ['a huge nested object', { user, cursor: null, x: { a: { b: { c: 'y'.repeat(10_000) } } } }],
  ])('refuses a state that is %s', (_name, state) => {
    expect(isValidAwarenessState(state)).toBe(false);
  });

  it.each([
    ['a string', 'Ann'],
    ['an array', ['Ann', '#000000']],
    ['a name that is not a string', { name: 5, color: '#000000' }],
    ['a name one over the limit', { name: 'n'.repeat(CollabLimits.maxAwarenessNameChars + 1), color: '#000000' }],
    ['a missing name', { color: '#000000' }],
    ['a missing colour', { name: 'Ann' }],
    ['a three-digit colour', { name: 'Ann', color: '#000' }],
    ['a named colour', { name: 'Ann', color: 'red' }],
    ['a colour with CSS after it', { name: 'Ann', color: '#000000; background: url(x)' }],
    ['a colour with alpha', { name: 'Ann', color: '#00000080' }],
    ['an extra key', { name: 'Ann', color: '#000000', avatar: 'https://x' }],
    ['a __proto__ key', JSON.parse('{"name": "Ann", "color": "#000000", "__proto__": {}}')],
  ])('refuses a user that is %s', (_name, bad) => {
    expect(isValidAwarenessUser(bad)).toBe(false);
    expect(isValidAwarenessState({ user: bad })).toBe(false);
  });

  it.each([
    ['a string', 'here'],
    ['a number', 3],
    ['an array', [validPosition(), validPosition()]],
    ['without a head', { anchor: validPosition() }],
    ['without an anchor', { head: validPosition() }],
    ['with an extra key', { anchor: validPosition(), head: validPosition(), range: 1 }],
    ['with a __proto__ key', { ...JSON.parse('{"__proto__": 1}'), anchor: validPosition(), head: validPosition() }],
  ])('refuses a cursor that is %s', (_name, cursor) => {
    expect(isValidAwarenessState({ user, cursor })).toBe(false);
  });

  const item = { client: 1, clock: 2 };
  it.each([
    ['null', null],
    ['a string', 'pos'],
    ['an empty object (Yjs throws on it)', {}],
    ['no item, type or tname', { type: null, tname: null, item: null, assoc: 0 }],
    ['both a type and a root name', { type: item, tname: YDocKeys.content, assoc: 0 }],
    ['both a type and a root name besides an item', { item, type: item, tname: YDocKeys.content, assoc: 0 }],
    ['no assoc', { item }],
    ['a fractional assoc', { item, assoc: 0.5 }],
    ['a string assoc', { item, assoc: '-1' }],
    ['an unsafe assoc', { item, assoc: 2 ** 60 }],
    ['another root name', { tname: 'meta', assoc: 0 }],
    ['a root name that is not a string', { tname: 5, assoc: 0 }],
    ['an item that is a string', { item: '1:2', assoc: 0 }],
    ['an item with a negative client', { item: { client: -1, clock: 0 }, assoc: 0 }],
    ['an item with a fractional clock', { item: { client: 1, clock: 1.5 }, assoc: 0 }],
    ['an item with a string clock', { item: { client: 1, clock: '2' }, assoc: 0 }],
    ['an item with an unsafe clock', { item: { client: 1, clock: Number.MAX_SAFE_INTEGER + 1 }, assoc: 0 }],
    ['an item without a clock', { item: { client: 1 }, assoc: 0 }],
    ['an item with an extra key', { item: { client: 1, clock: 2, x: 0 }, assoc: 0 }],
    ['a type with a string client', { type: { client: '1', clock: 2 }, assoc: 0 }],
    ['an extra key', { item, assoc: 0, x: 1 }],
    ['a __proto__ key', JSON.parse('{"item": {"client": 1, "clock": 2}, "assoc": 0, "__proto__": null}')],
  ])('refuses a caret end that is %s', (_name, bad) => {
    expect(isValidAwarenessState(withCursor(bad))).toBe(false);
    expect(isValidAwarenessState(withCursor(validPosition(), bad))).toBe(false);
  });

  it('never reads inherited fields', () => {
    const inherited = Object.create({ user: { name: 'x', color: 'bad' } }) as object;
    expect(isValidAwarenessState(inherited)).toBe(true);
    const position = Object.create({ item }) as Record<string, unknown>;
    position.assoc = 0;
    expect(isValidAwarenessState(withCursor(position))).toBe(false);
  });
});

describe('the save field', () => {
  const save = { state: 'saved', at: 1_700_000_000_000, hash: '0123456789abcdef' };

  it('accepts every state an editor publishes', () => {
    for (const state of ['idle', 'saving', 'saved', 'retrying', 'noUrl']) {
      expect(isValidAwarenessState({ user, save: { ...save, state } })).toBe(true);
    }
    expect(isValidAwarenessState({ user, cursor: null, save: { state: 'idle', at: 0, hash: '' } })).toBe(true);
    expect(isValidAwarenessSave({ state: 'saved', at: 8.64e15, hash: 'f' })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'saved'],
    ['an array', ['saved', 0, '']],
    ['an unknown state', { ...save, state: 'done' }],
    ['a state that is not a string', { ...save, state: 1 }],
    ['a missing state', { at: 0, hash: '' }],
    ['a negative time', { ...save, at: -1 }],
    ['a fractional time', { ...save, at: 1.5 }],
    ['a time after the last valid date', { ...save, at: 8.64e15 + 1 }],
    ['a time that is a string', { ...save, at: '1700000000000' }],
    ['an infinite time', { ...save, at: Infinity }],
    ['a missing hash', { state: 'saved', at: 0 }],
    ['an upper-case hash', { ...save, hash: 'ABCDEF' }],
    ['a hash over 16 digits', { ...save, hash: '0'.repeat(17) }],
    ['a hash with markup', { ...save, hash: '<img src=x>' }],
    ['an extra key', { ...save, url: 'https://evil.example' }],
    ['a __proto__ key', JSON.parse('{"state": "saved", "at": 0, "hash": "", "__proto__": {}}')],
    ['a huge nested value', { ...save, hash: { a: 'x'.repeat(10_000) } }],
  ])('refuses a save field that is %s', (_name, bad) => {
    expect(isValidAwarenessSave(bad)).toBe(false);
    expect(isValidAwarenessState({ user, save: bad })).toBe(false);
  });

  it('refuses a save field from a viewer or without a user (viewers never save)', () => {
    expect(isValidAwarenessState({ user: { ...user, viewer: true }, save })).toBe(false);
    expect(isValidAwarenessState({ save })).toBe(false);
    expect(isValidAwarenessState({ user: { ...user, viewer: false }, save })).toBe(true);
  });
});
