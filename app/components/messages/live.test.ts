import { describe, expect, it } from "vitest";
import { mergeMessages, type ShownMessage } from "./live";

const message = (seq: number, text = `m${seq}`): ShownMessage => ({ id: `msg_${seq}`, conversationId: "cnv_1", seq, sender: "guest", text, clientMessageId: `c${seq}`, createdAt: "2026-11-25T10:00:00.000Z" });

describe("live messages", () => {
  it("adds delivered messages in order, each once, whether the page read them already or they came twice", () => {
    const read = [message(1), message(2)];
    expect(mergeMessages(read, [message(4), message(3), message(4), message(2)]).map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(mergeMessages([], [])).toEqual([]);
  });
});
