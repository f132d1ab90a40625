/** A one-time message carried through a redirect and shown by the shell as a toast (issue 10 §4). */
export interface FlashMessage {
  kind: "success" | "error";
  /** A translation key (with its namespace when not common). */
  key: string;
  /** Tells two equal messages apart, so that saving twice shows the toast twice. */
  id: string;
}
