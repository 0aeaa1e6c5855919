/** The `user` field every Tandem client puts into its awareness state. */
export interface AwarenessUser {
  name: string;
  color: string;
}
