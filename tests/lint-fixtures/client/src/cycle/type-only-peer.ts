import type { Node } from './type-only';

export const peerName = 'peer';
export const describeNode = (n: Node): string => n.name;
