// Runtime import one way, a type-only import back (type-only-peer.ts): erased, so no runtime cycle.
import { peerName } from './type-only-peer';

export interface Node {
  name: string;
}
export const node = (): Node => ({ name: peerName });
