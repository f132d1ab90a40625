import { describe, expect, it } from "vitest";
import { fillPlaceholders, insertIntoDraft, isClientMessageId, messageParts, messagePreview, messageTextProblem, MESSAGE_MAX_LENGTH, placeholdersIn, readSystemMessage, systemClientMessageId, systemMessageText, unreadAfter } from "./messaging";

describe("message text", () => {
  it("is stored as written: only blank, too long or hidden control characters are refused", () => {
    expect(messageTextProblem("  hello <b>there</b>\n\tbye  ")).toBeNull();
    expect(messageTextProblem(" \n\t ")).toBe("required");
    expect(messageTextProblem("a".repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(messageTextProblem("a".repeat(MESSAGE_MAX_LENGTH + 1))).toBe("too_long");
    expect(messageTextProblem("txt\u202Eexe")).toBe("control_characters");
    expect(messageTextProblem("nul\u0000")).toBe("control_characters");
  });

  it("names a message by a client id of letters, digits, - and _ up to 64", () => {
    expect(isClientMessageId("3f1c-9a_b")).toBe(true);
    expect(isClientMessageId("")).toBe(false);
    expect(isClientMessageId("a b")).toBe(false);
    expect(isClientMessageId("x".repeat(65))).toBe(false);
  });

  it("previews a message on one line, cut with an ellipsis", () => {
    expect(messagePreview("  Hello\n\nthere  ")).toBe("Hello there");
    const long = messagePreview("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(140);
    expect(long.endsWith("…")).toBe(true);
  });

  it("gives the other side one more to read, and brings a conversation back from the archive only for a guest's message", () => {
    expect(unreadAfter("guest")).toEqual({ host: 1, guest: 0, unarchives: true });
    expect(unreadAfter("host")).toEqual({ host: 0, guest: 1, unarchives: false });
    expect(unreadAfter("system")).toEqual({ host: 0, guest: 0, unarchives: false });
  });
});

describe("links in messages", () => {
  it("makes http and https addresses links, without their trailing punctuation", () => {
    expect(messageParts("See https://example.com/a?b=1. Thanks")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ". Thanks" },
    ]);
    expect(messageParts("(http://x.example)")).toEqual([
      { kind: "text", text: "(" },
      { kind: "link", text: "http://x.example", href: "http://x.example/" },
      { kind: "text", text: ")" },
    ]);
  });

  it("leaves javascript: and data: addresses, and markup, as text", () => {
    expect(messageParts("javascript:alert(1) data:text/html,<script>")).toEqual([{ kind: "text", text: "javascript:alert(1) data:text/html,<script>" }]);
    expect(messageParts("")).toEqual([]);
  });
});

describe("saved replies", () => {
  const values = { guestFirstName: "Maria", checkIn: "12 June 2026", checkOut: "15 June 2026", unitName: "Harbour flat" };

  it("fills the placeholders it knows and leaves others as written", () => {
    expect(fillPlaceholders("Hi {guestFirstName}, {unitName} is yours from {checkIn} to {checkOut}. {price} {guestFirstName", values)).toBe(
      "Hi Maria, Harbour flat is yours from 12 June 2026 to 15 June 2026. {price} {guestFirstName",
    );
    expect(placeholdersIn("{checkOut} and {guestFirstName}")).toEqual(["guestFirstName", "checkOut"]);
  });

  it("inserts a reply after what the draft holds, separated by a blank line", () => {
    expect(insertIntoDraft("", "Reply")).toBe("Reply");
    expect(insertIntoDraft("Thanks!  \n", "Reply")).toBe("Thanks!\n\nReply");
  });
});

describe("system messages", () => {
  it("store their event as JSON and read it back; anything else is no event", () => {
    const changed = { event: "stayChanged", checkIn: "2026-05-01", checkOut: "2026-05-04", guests: 3 } as const;
    expect(readSystemMessage(systemMessageText(changed))).toEqual(changed);
    expect(readSystemMessage(systemMessageText({ event: "requestConfirmed" }))).toEqual({ event: "requestConfirmed" });
    expect(readSystemMessage(systemMessageText({ event: "bookingCancelled", by: "guest" }))).toEqual({ event: "bookingCancelled", by: "guest" });
    expect(readSystemMessage('{"event":"bookingCancelled","by":"staff"}')).toEqual({ event: "bookingCancelled", by: null });
    expect(readSystemMessage('{"event":"stayChanged","checkIn":"soon","checkOut":"2026-05-04","guests":3}')).toBeNull();
    expect(readSystemMessage('{"event":"somethingElse"}')).toBeNull();
    expect(readSystemMessage("{not json")).toBeNull();
    expect(readSystemMessage("Request confirmed")).toBeNull();
  });

  it("name an event that happens once by the event, a change by its time", () => {
    expect(systemClientMessageId({ event: "requestExpired" }, new Date(5))).toBe("system-requestExpired");
    expect(systemClientMessageId({ event: "stayChanged", checkIn: "2026-05-01", checkOut: "2026-05-04", guests: 2 }, new Date(5))).toBe("system-stayChanged-5");
    expect(isClientMessageId(systemClientMessageId({ event: "stayChanged", checkIn: "2026-05-01", checkOut: "2026-05-04", guests: 2 }, new Date()))).toBe(true);
  });
});
