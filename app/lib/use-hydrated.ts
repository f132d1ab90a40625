import { useSyncExternalStore } from "react";
import { useActionData } from "react-router";

const noSubscription = () => () => {};

/** False on the server and while hydrating, true once React runs in the browser: controls that need JavaScript show then. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Without JavaScript a form's answer loads at the top of the page, the form in error perhaps screens
 * below it: the page's first error of the answer (or the question it asks, a delete's confirmation)
 * takes the browser's focus as it loads (autofocus, which scrolls it into view). Errors a page
 * loads with (saved values that no longer agree) leave the page where it opens; with JavaScript the
 * form focuses its first field in error itself (conform). Beside `useHydrated`, not with the error
 * components: a page that asks a question and shows no error texts (`formErrors: false`, the photos)
 * does not load them for it.
 */
export function useFocusedOnLoad() {
  const answered = useActionData() !== undefined;
  const hydrated = useHydrated();
  return answered && !hydrated ? { tabIndex: -1, autoFocus: true } : {};
}
