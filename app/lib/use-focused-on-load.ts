import { useActionData } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Without JavaScript a form's answer loads at the top of the page, the form in error perhaps screens
 * below it: the page's first error of the answer (or the question it asks, a delete's confirmation)
 * takes the browser's focus as it loads (autofocus, which scrolls it into view). Errors a page
 * loads with (saved values that no longer agree) leave the page where it opens; with JavaScript the
 * form focuses its first field in error itself (conform). A module of its own: a page that asks a
 * question and shows no error texts (`formErrors: false`, the photos) does not import them with it.
 */
export function useFocusedOnLoad() {
  const answered = useActionData() !== undefined;
  const hydrated = useHydrated();
  return answered && !hydrated ? { tabIndex: -1, autoFocus: true } : {};
}
