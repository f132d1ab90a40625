import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** A header dropdown (a details element, which outlives client-side navigation) that a new page closes. */
export function useDropdown() {
  const dropdown = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    const element = dropdown.current;
    if (element && element.dataset.page !== key) {
      element.open = false;
      element.dataset.page = key;
    }
  }, [key]);
  return dropdown;
}
