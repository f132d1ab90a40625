/**
 * React Router's `<Form>` starts its navigation without awaiting it. When a later one supersedes it
 * (a second click while the page still reloads its data after the first), that promise rejects with
 * an AbortError no code of ours can catch. It is the expected end of a superseded navigation, not a
 * failure: the browser is not told of it as an uncaught error. Any other rejection still is.
 */
export function isSupersededNavigation(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

export function ignoreSupersededNavigations(target: Pick<Window, "addEventListener">) {
  target.addEventListener("unhandledrejection", (event) => {
    if (isSupersededNavigation(event.reason)) event.preventDefault();
  });
}
