// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "@locales/en_US/common.json";
import { badgeFor } from "@domain/navigation";
import { createTranslator, TranslationsProvider } from "~/lib/i18n";
import { Badge } from "./badge";
import { Dialog } from "./dialog";
import { EmailAddress } from "./email-address";
import { Table } from "./table";
import { Tabs } from "./tabs";
import { WebAddress } from "./web-address";

function renderAt(element: React.ReactElement, path = "/") {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  render(
    <TranslationsProvider translator={createTranslator("en_US", { common: en })}>
      <RouterProvider router={router} />
    </TranslationsProvider>,
  );
}

afterEach(cleanup);

describe("Badge", () => {
  it("shows the count up to the limit, a dot above it, nothing at zero, each named for screen readers", () => {
    renderAt(
      <>
        <Badge badge={badgeFor(3)} label="3 pending" />
        <Badge badge={badgeFor(11)} label="many pending" />
        <Badge badge={badgeFor(0)} label="none pending" />
      </>,
    );
    expect(screen.getByRole("img", { name: "3 pending" }).textContent).toBe("3");
    expect(screen.getByRole("img", { name: "many pending" }).className).toBe("badge badge--dot");
    expect(screen.queryByRole("img", { name: "none pending" })).toBeNull();
  });
});

describe("Table", () => {
  const hosts = [{ id: "1", name: "Ana", email: "ana@example.com" }];
  const columns = [
    { label: "Name", render: (host: (typeof hosts)[number]) => host.name },
    { label: "Email", render: (host: (typeof hosts)[number]) => host.email },
    { label: "Actions", hidden: true, render: () => "—" },
  ];

  it("names itself and its columns; a hidden column keeps its name for screen readers only", () => {
    renderAt(<Table caption="Hosts" columns={columns} rows={hosts} rowKey={(host) => host.id} />);
    const table = screen.getByRole("table", { name: "Hosts" });
    expect(table.className).toBe("table");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Name", "Email", "Actions"]);
    expect(screen.getByText("Actions").className).toBe("visually-hidden");
    expect(screen.getByRole("cell", { name: "Ana" })).toBeTruthy();
  });

  it("labels each value with its column for the phone cards, except in a hidden column", () => {
    renderAt(<Table caption="Hosts" columns={columns} rows={hosts} rowKey={(host) => host.id} />);
    expect(screen.getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual(["Name", "Email", null]);
    expect(screen.getByRole("cell", { name: "ana@example.com" }).textContent).toBe("ana@example.com");
  });

  it("a selectable table keeps its checkbox column apart on phones", () => {
    renderAt(<Table caption="Properties" columns={[{ label: "Select", hidden: true, render: () => null }]} rows={[]} rowKey={String} selectable />);
    expect(screen.getByRole("table").className).toBe("table table--selectable");
  });
});

describe("Tabs", () => {
  it("links each section and marks the current one", () => {
    renderAt(
      <Tabs
        label="Sections"
        tabs={[
          { to: "/unit/about", label: "About" },
          { to: "/unit/photos", label: "Photos" },
        ]}
      />,
      "/unit/photos",
    );
    const nav = screen.getByRole("navigation", { name: "Sections" });
    expect(nav.className).toBe("tabs");
    expect(screen.getByRole("link", { name: "About" }).getAttribute("aria-current")).toBeNull();
    const current = screen.getByRole("link", { name: "Photos" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.className).toBe("tabs__link tabs__link--active");
  });
});

/** A dialog named "Registration number", rendered open, and the owner's close it tells. */
function renderDialog() {
  const onClose = vi.fn<() => void>();
  renderAt(
    <Dialog label="Registration number" onClose={onClose}>
      <p>Edit the title</p>
    </Dialog>,
  );
  return { dialog: document.querySelector("dialog")!, onClose };
}

describe("Dialog", () => {
  it("opens as a modal named by its label, with its close button first, and closing it through the browser tells its owner", () => {
    const { dialog, onClose } = renderDialog();
    expect(dialog.open).toBe(true);
    expect(screen.getByRole("dialog", { name: "Registration number" })).toBe(dialog);
    const buttons = screen.getAllByRole("button");
    expect(buttons[0]!.textContent).toBe(en.dialog.close);
    fireEvent.click(buttons[0]!);
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    // The browser's close event, a task later, tells nothing more.
    fireEvent(dialog, new Event("close"));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("tells its owner of Escape at once, by the cancel event, and not again when the close event comes", () => {
    const { dialog, onClose } = renderDialog();
    fireEvent(dialog, new Event("cancel"));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent(dialog, new Event("close"));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("EmailAddress", () => {
  it("may wrap after the @ and before each dot, and reads as the whole address", () => {
    renderAt(
      <p data-testid="address">
        <EmailAddress address="anna.keller@demo.stayhost.example" />
      </p>,
    );
    const address = screen.getByTestId("address");
    expect(address.textContent).toBe("anna.keller@demo.stayhost.example");
    expect(address.innerHTML).toBe("anna<wbr>.keller@<wbr>demo<wbr>.stayhost<wbr>.example");
  });
});

describe("WebAddress", () => {
  it("may wrap after a slash of its path and before a dot of its host, never inside a word or a number, and reads as the whole address", () => {
    renderAt(
      <p data-testid="address">
        <WebAddress address="https://www.airbnb.com/rooms/12345678" />
      </p>,
    );
    const address = screen.getByTestId("address");
    expect(address.textContent).toBe("https://www.airbnb.com/rooms/12345678");
    expect(address.innerHTML).toBe("https://www<wbr>.airbnb<wbr>.com/<wbr>rooms/<wbr>12345678");
  });
});
