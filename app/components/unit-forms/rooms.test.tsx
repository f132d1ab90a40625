// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import en from "@locales/en_US/common.json";
import properties from "@locales/en_US/properties.json";
import { createTranslator, TranslationsProvider } from "~/lib/i18n";
import { RoomFields, type DraftRoom } from "./rooms";

const options = {
  types: [
    { id: "bedroom", label: "Bedroom" },
    { id: "living_room", label: "Living room" },
    { id: "bath_room", label: "Bathroom" },
  ],
  sleepingTypes: [{ id: "bedroom" }, { id: "living_room" }],
  bedTypes: [{ id: "double", label: "Double bed" }],
} as unknown as Parameters<typeof RoomFields>[0]["options"];

const room = (type: string): DraftRoom => ({ type, beds: {} });

function legendsOf(draft: DraftRoom[]) {
  render(
    <TranslationsProvider translator={createTranslator("en_US", { common: en, properties })}>
      <form>
        <RoomFields draft={draft} options={options} bedsOnly />
      </form>
    </TranslationsProvider>,
  );
  return screen.getAllByRole("group").map((group) => group.querySelector("legend")?.textContent);
}

afterEach(cleanup);

describe("RoomFields on the beds step", () => {
  it("numbers the rooms within their type, and names a type's only room without a number", () => {
    expect(legendsOf([room("bedroom"), room("bath_room"), room("bedroom"), room("living_room")])).toEqual(["Bedroom 1", "Bedroom 2", "Living room"]);
    cleanup();
    expect(legendsOf([room("living_room"), room("bedroom"), room("living_room")])).toEqual(["Living room 1", "Bedroom", "Living room 2"]);
  });
});
