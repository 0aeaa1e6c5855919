import { describe, expect, it } from 'vitest';
import { readPeople } from './presence-list';

const awarenessOf = (self: number, states: Array<[number, unknown]>) => ({
  clientID: self,
  getStates: () => new Map(states as Array<[number, Record<string, unknown>]>),
});

describe('the presence list', () => {
  it("shows one person's tabs as one avatar with their count, an editor tab making them an editor", () => {
    const people = readPeople(
      awarenessOf(1, [
        [1, { user: { name: 'Ada', color: '#1971c2', person: 'ada-browser-1' } }],
        [2, { user: { name: 'Ada', color: '#1971c2', person: 'ada-browser-1' } }],
        [3, { user: { name: 'Ada', color: '#1971c2', person: 'ada-browser-1', viewer: true } }],
        [4, { user: { name: 'Bob', color: '#2f9e44', person: 'bob-browser-1', viewer: true } }],
        [5, { user: { name: 'Bob', color: '#2f9e44', person: 'bob-browser-1', viewer: true } }],
        // A client without a person id (an older client, a raw peer) stays one avatar per client.
        [6, { user: { name: 'Old', color: '#e8590c' } }],
        [7, { user: { name: 'Old', color: '#e8590c' } }],
      ]),
    );
    expect(people.map((p) => [p.name, p.tabs, p.self, p.viewer])).toEqual([
      ['Ada', 3, true, false],
      ['Old', 1, false, false],
      ['Old', 1, false, false],
      ['Bob', 2, false, true],
    ]);
  });

  it('two people of the same name in different browsers stay two avatars', () => {
    const people = readPeople(
      awarenessOf(9, [
        [1, { user: { name: 'Anna', color: '#1971c2', person: 'anna-browser-a' } }],
        [2, { user: { name: 'Anna', color: '#1971c2', person: 'anna-browser-b' } }],
      ]),
    );
    expect(people).toHaveLength(2);
  });
});
