import { href, redirect } from "react-router";

/** /bookings opens the upcoming bookings, where the navigation leads. */
export function loader() {
  return redirect(href("/bookings/:tab", { tab: "upcoming" }));
}
