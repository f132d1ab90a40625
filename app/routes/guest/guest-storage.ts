import { forgetChatData } from "~/lib/live-chat";

/** What the guest's browser keeps of the guest area (unsent messages): gone when the guest is signed out (§4). */
export function forgetGuestData(): void {
  forgetChatData("guest");
}
