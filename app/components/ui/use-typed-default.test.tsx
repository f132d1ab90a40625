// @vitest-environment happy-dom
import { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { useTypedDefault } from "./text-area";

function Kept({ saved }: { saved: string }) {
  return <textarea id="answer" name="text" defaultValue={useTypedDefault("answer", saved)} />;
}

/** A controlled select, as the help's contact form has: its state starts from what was chosen. */
function Chosen({ saved }: { saved: string }) {
  const chosen = useTypedDefault("topic", saved);
  const [topic, setTopic] = useState(chosen);
  return (
    <select id="topic" name="topic" value={topic} onChange={(event) => setTopic(event.target.value)}>
      <option value="">Choose</option>
      <option value="billing">Billing</option>
      <option value="listing">Listing</option>
    </select>
  );
}

function Plain({ saved }: { saved: string }) {
  return <textarea id="answer" name="text" defaultValue={saved} />;
}

/** The server's page, in which the host types before React hydrates it; then React hydrates it. */
async function typedBeforeHydration(Field: typeof Kept, saved: string, typed: string | null) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Field saved={saved} />);
  document.body.appendChild(container);
  const textarea = container.querySelector("textarea")!;
  expect(textarea.value).toBe(saved);
  if (typed !== null) textarea.value = typed;
  await act(async () => {
    hydrateRoot(container, <Field saved={saved} />);
  });
  return container.querySelector("textarea")!;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("a textarea the server fills", () => {
  it("keeps what the host typed before the page hydrated, where React alone puts the saved text back", async () => {
    // What React does by itself: the saved answer again (the reviewer's "reverts to the saved answer").
    expect((await typedBeforeHydration(Plain, "AAA saved", "BBB typed early")).value).toBe("AAA saved");
    document.body.innerHTML = "";
    const kept = await typedBeforeHydration(Kept, "AAA saved", "BBB typed early");
    expect(kept.value).toBe("BBB typed early");
  });

  it("shows the saved text when nothing was typed, and an empty one stays empty", async () => {
    expect((await typedBeforeHydration(Kept, "AAA saved", null)).value).toBe("AAA saved");
    document.body.innerHTML = "";
    expect((await typedBeforeHydration(Kept, "", "typed into an empty box")).value).toBe("typed into an empty box");
  });

  it("starts a controlled select's state from what was chosen before the page hydrated", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Chosen saved="" />);
    document.body.appendChild(container);
    container.querySelector("select")!.value = "listing";
    await act(async () => {
      hydrateRoot(container, <Chosen saved="" />);
    });
    expect(container.querySelector("select")!.value).toBe("listing");
  });
});
