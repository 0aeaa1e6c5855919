/** The `user` field every Tandem client puts into its awareness state. */
export interface AwarenessUser {
  name: string;
  color: string;
  /** Set by clients opened with a viewer link; the server refuses a viewer's state without it. */
  viewer?: boolean;
}
