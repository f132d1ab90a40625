// @vitest-environment happy-dom
import { act, createRef } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { TextArea } from "./text-area";

/** The server's page, in which the user types before React hydrates it; then React hydrates it. */
async function hydratedAfterTyping(element: React.ReactElement, typed: string | null) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  if (typed !== null) container.querySelector("textarea")!.value = typed;
  await act(async () => {
    hydrateRoot(container, element);
  });
  return container.querySelector("textarea")!;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("TextArea", () => {
  it("keeps what was typed before the page hydrated over the default the server wrote", async () => {
    const box = await hydratedAfterTyping(<TextArea id="explanation" name="explanation" defaultValue="Sent with an error" />, "Typed while the scripts loaded");
    expect(box.value).toBe("Typed while the scripts loaded");
    expect(box.name).toBe("explanation");
  });

  it("shows the default when nothing was typed, and passes its ref and attributes on", async () => {
    const ref = createRef<HTMLTextAreaElement>();
    const box = await hydratedAfterTyping(<TextArea ref={ref} id="about" name="about" rows={5} maxLength={50} defaultValue="Saved text" />, null);
    expect(box.value).toBe("Saved text");
    expect(ref.current).toBe(box);
    expect(box.getAttribute("rows")).toBe("5");
    expect(box.getAttribute("maxlength")).toBe("50");
  });
});
