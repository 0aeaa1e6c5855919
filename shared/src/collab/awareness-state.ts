import { YDocKeys } from '../document/yjs/ydoc-keys';
import { CollabLimits } from '../limits';
import type { AwarenessUser } from './awareness-user';

/** A Yjs item id (`Y.ID`) inside a relative position. */
export interface AwarenessItemId {
  client: number;
  clock: number;
}

/**
 * A caret end as y-tiptap's cursor plugin writes it: a `Y.RelativePosition` (JSON-encoded over the wire,
 * so absent fields arrive as null). `item` is the character it sticks to, if any; the parent is named by
 * either `type` (a nested type's id) or `tname` (a root's name), never both.
 */
export interface AwarenessRelativePosition {
  type?: AwarenessItemId | null;
  tname?: string | null;
  item?: AwarenessItemId | null;
  assoc: number;
}

export interface AwarenessCursor {
  anchor: AwarenessRelativePosition;
  head: AwarenessRelativePosition;
}

/** What a client's autosave is doing, as its status bar would say it. */
export type AwarenessSaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'noUrl';

/**
 * Autosave (issue 13): published by each editor client that can save. The one with the smallest client id
 * saves; the others show its state.
 */
export interface AwarenessSave {
  state: AwarenessSaveState;
  /** When the last save was stored, ms since the epoch; 0 before the first. */
  at: number;
  /** Short hash of the last saved HTML (hex), '' before the first: a successor skips an unchanged state. */
  hash: string;
}

/** Everything a Tandem client puts into its awareness state (`{}` until the editor has started). */
export interface TandemAwarenessState {
  user?: AwarenessUser;
  /** Null or absent while the editor does not have the focus. */
  cursor?: AwarenessCursor | null;
  save?: AwarenessSave;
}

const STATE_KEYS: readonly string[] = ['user', 'cursor', 'save'];
const SAVE_KEYS: readonly string[] = ['state', 'at', 'hash'];
const SAVE_STATES: readonly string[] = ['idle', 'saving', 'saved', 'retrying', 'noUrl'];
/** Hex of at most 64 bits. */
const SAVE_HASH = /^[0-9a-f]{0,16}$/;
/** Latest time a save may claim (the largest valid Date, 8.64e15 ms). */
const MAX_TIME = 8.64e15;
const USER_KEYS: readonly string[] = ['name', 'color', 'viewer', 'person'];
const CURSOR_KEYS: readonly string[] = ['anchor', 'head'];
const POSITION_KEYS: readonly string[] = ['type', 'tname', 'item', 'assoc'];
const ID_KEYS: readonly string[] = ['client', 'clock'];
const COLOR = /^#[0-9a-fA-F]{6}$/;

type Fields = Readonly<Record<string, unknown>>;

/**
 * An object (class instances included: the local state holds `Y.RelativePosition`s) whose own keys are
 * all in `allowed`; `__proto__` and `constructor` are never allowed, so they are refused too.
 */
function isObjectWith(value: unknown, allowed: readonly string[]): value is Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.keys(value).every((key) => allowed.includes(key));
}

/** Reads an own field only, never one inherited through the prototype. */
const field = (value: Fields, key: string): unknown => (Object.hasOwn(value, key) ? value[key] : undefined);

const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

function isItemId(value: unknown): boolean {
  if (!isObjectWith(value, ID_KEYS)) return false;
  return isCount(field(value, 'client')) && isCount(field(value, 'clock'));
}

function isRelativePosition(value: unknown): boolean {
  if (!isObjectWith(value, POSITION_KEYS)) return false;
  const type = field(value, 'type') ?? null;
  const tname = field(value, 'tname') ?? null;
  const item = field(value, 'item') ?? null;
  if (!Number.isSafeInteger(field(value, 'assoc'))) return false;
  if (type !== null && !isItemId(type)) return false;
  if (item !== null && !isItemId(item)) return false;
  // Any other root name would make every receiving client create that root type in its own Y.Doc.
  if (tname !== null && tname !== YDocKeys.content) return false;
  // The parent is named once (root name or type id); with neither it nor an item, Yjs throws on resolve.
  if (type !== null && tname !== null) return false;
  return item !== null || type !== null || tname !== null;
}

/** A browser's random person id (see AwarenessUser.person): base64url, bounded. */
const PERSON = /^[A-Za-z0-9_-]{8,32}$/;

/** The `user` field: a display name of bounded length, a `#rrggbb` colour, the viewer mark and a person id, nothing else. */
export function isValidAwarenessUser(user: unknown): user is AwarenessUser {
  if (!isObjectWith(user, USER_KEYS)) return false;
  const name = field(user, 'name');
  const color = field(user, 'color');
  const viewer = field(user, 'viewer');
  const person = field(user, 'person');
  return (
    (viewer === undefined || typeof viewer === 'boolean') &&
    (person === undefined || (typeof person === 'string' && PERSON.test(person))) &&
    typeof name === 'string' &&
    name.length <= CollabLimits.maxAwarenessNameChars &&
    typeof color === 'string' &&
    COLOR.test(color)
  );
}

function isValidCursor(cursor: unknown): boolean {
  if (cursor === null || cursor === undefined) return true;
  if (!isObjectWith(cursor, CURSOR_KEYS)) return false;
  return isRelativePosition(field(cursor, 'anchor')) && isRelativePosition(field(cursor, 'head'));
}

/** The `save` field: exactly a known state, a time within Date's range and a short hex hash. */
export function isValidAwarenessSave(save: unknown): save is AwarenessSave {
  if (!isObjectWith(save, SAVE_KEYS)) return false;
  const state = field(save, 'state');
  const at = field(save, 'at');
  const hash = field(save, 'hash');
  return (
    typeof state === 'string' &&
    SAVE_STATES.includes(state) &&
    isCount(at) &&
    (at as number) <= MAX_TIME &&
    typeof hash === 'string' &&
    SAVE_HASH.test(hash)
  );
}

/**
 * Whether an awareness state has exactly the shape Tandem clients send: only `user`, `cursor` and `save`, each
 * absent or of the right shape, with bounded strings and non-negative safe integers (`assoc` may be
 * negative). Null is not a state (it removes a client) and is not accepted here. The server checks every
 * state before applying or relaying it; the client checks every remote state before rendering it.
 */
export function isValidAwarenessState(state: unknown): state is TandemAwarenessState {
  if (!isObjectWith(state, STATE_KEYS)) return false;
  const user = field(state, 'user');
  if (user !== undefined && !isValidAwarenessUser(user)) return false;
  const save = field(state, 'save');
  if (save !== undefined) {
    // Only an editor (a user not marked viewer, which the server refuses from viewer links) may claim to
    // save: a viewer that could would win the election and stop everybody's autosave.
    if (!isValidAwarenessSave(save) || user === undefined || (user as AwarenessUser).viewer === true) return false;
  }
  return isValidCursor(field(state, 'cursor'));
}

/**
 * A viewer's state must say so: whoever holds only a viewer link cannot appear as an editor in the
 * presence list. (An editor marked as viewer claims less than it may, which is harmless.)
 */
export function isMarkedViewer(state: TandemAwarenessState): boolean {
  return state.user === undefined || state.user.viewer === true;
}
