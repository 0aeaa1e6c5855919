/** The `user` field every Tandem client puts into its awareness state. */
export interface AwarenessUser {
  name: string;
  color: string;
  /** Set by clients opened with a viewer link; the server refuses a viewer's state without it. */
  viewer?: boolean;
  /**
   * A random id of the browser (kept with the name), the same in all its tabs: the presence list shows one
   * person's tabs as one avatar, and their colours are not "taken" from each other.
   */
  person?: string;
}
