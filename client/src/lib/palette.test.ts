import { describe, expect, it } from 'vitest';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { contrastWithWhite, pickPresenceColor, PRESENCE_COLORS, type PresentColor } from './palette';

describe('presence palette', () => {
  it('has enough colours for a crowded document, all distinct and readable with white text', () => {
    expect(PRESENCE_COLORS.length).toBeGreaterThanOrEqual(16);
    expect(new Set(PRESENCE_COLORS.map((c) => c.toLowerCase())).size).toBe(PRESENCE_COLORS.length);
    for (const color of PRESENCE_COLORS) expect(contrastWithWhite(color), color).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the preference unless an earlier client shows it, then takes the first free colour', () => {
    const [c0, c1, c2] = [PRESENCE_COLORS[0], PRESENCE_COLORS[1], PRESENCE_COLORS[2]];
    const others: PresentColor[] = [{ clientId: 5, color: c0 }];
    expect(pickPresenceColor(c0, c0, 9, others)).toBe(c1);
    // The smaller id keeps its colour; the other one moves.
    expect(pickPresenceColor(c0, c0, 2, others)).toBe(c0);
    expect(pickPresenceColor('#123456', '#123456', 9, others)).toBe('#123456');
    // A moved colour is kept while no smaller id shows it, and given up for the preference once free.
    expect(pickPresenceColor(c0, c2, 9, [...others, { clientId: 12, color: c2 }])).toBe(c2);
    expect(pickPresenceColor(c0, c2, 9, [{ clientId: 12, color: c2 }])).toBe(c0);
  });

  it('separates clients that pick at the same moment from the same view (no moving in step)', () => {
    const preferred = PRESENCE_COLORS[3];
    let shown = new Map<number, string>([1, 2, 3, 4, 5, 6].map((id) => [id, preferred]));
    for (let round = 0; round < 10; round++) {
      // Everybody picks from the same snapshot, then everybody publishes.
      const snapshot = shown;
      shown = new Map(
        [...snapshot].map(([id, current]) => {
          const others = [...snapshot].filter(([o]) => o !== id).map(([clientId, color]) => ({ clientId, color }));
          return [id, pickPresenceColor(preferred, current, id, others)];
        }),
      );
    }
    expect(new Set(shown.values()).size).toBe(6);
    expect(shown.get(1)).toBe(preferred);
  });

  it('gives 10 people who all prefer the same colour 10 different colours, through real awareness', () => {
    // Ten clients, each seeing the others' awareness updates, all starting with the same colour.
    const people = Array.from({ length: 10 }, () => new Awareness(new Y.Doc()));
    const preferred = PRESENCE_COLORS[3];
    const broadcast = (from: Awareness): void => {
      const update = encodeAwarenessUpdate(from, [from.clientID]);
      for (const to of people) if (to !== from) applyAwarenessUpdate(to, update, 'remote');
    };
    for (const person of people) {
      person.setLocalStateField('user', { name: `P${person.clientID}`, color: preferred });
      broadcast(person);
    }
    // Each round every client re-picks from what it sees, like the presence hook on awareness 'change'.
    for (let round = 0; round < 12; round++) {
      let moved = false;
      for (const person of people) {
        const others: PresentColor[] = [];
        person.getStates().forEach((state, clientId) => {
          const user = (state as { user?: { color: string } }).user;
          if (clientId !== person.clientID && user) others.push({ clientId, color: user.color });
        });
        const current = (person.getLocalState() as { user: { color: string } }).user.color;
        const next = pickPresenceColor(preferred, current, person.clientID, others);
        if (next !== current) {
          moved = true;
          person.setLocalStateField('user', { name: `P${person.clientID}`, color: next });
          broadcast(person);
        }
      }
      if (!moved) break;
    }
    const colors = people.map((p) => (p.getLocalState() as { user: { color: string } }).user.color);
    expect(new Set(colors).size).toBe(10);
    for (const person of people) person.destroy();
  });
});
