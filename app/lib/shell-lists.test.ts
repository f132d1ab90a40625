import { describe, expect, it } from "vitest";
import { stayListOfRequest } from "./bookings-query";
import { inboxListOfRequest } from "./inbox-query";

const at = (address: string) => new URL(address, "http://localhost");

describe("stayListOfRequest", () => {
  it("reads the same list from a page and from its data", () => {
    const page = stayListOfRequest(at("/bookings/requests?search=Lena"));
    expect(page).toMatchObject({ list: "requests", tabs: true });
    expect(stayListOfRequest(at("/bookings/requests.data?search=Lena"))).toEqual(page);
    expect(stayListOfRequest(at("/inquiries.data"))).toEqual(stayListOfRequest(at("/inquiries")));
  });

  it("reads nothing when the list's route is not loaded, or for another page", () => {
    expect(stayListOfRequest(at("/bookings/all.data?_routes=routes%2Fbookings%2Fdetail"))).toBeUndefined();
    expect(stayListOfRequest(at("/bookings/all.data?_routes=root%2Croutes%2Fbookings%2Flist"))).toMatchObject({ list: "all" });
    expect(stayListOfRequest(at("/bookings/all/extra"))).toBeUndefined();
    expect(stayListOfRequest(at("/bookingsdata"))).toBeUndefined();
  });
});

describe("inboxListOfRequest", () => {
  it("reads the same list from a page and from its data, with or without a conversation open", () => {
    expect(inboxListOfRequest(at("/messages/archived.data"))).toEqual(inboxListOfRequest(at("/messages/archived")));
    expect(inboxListOfRequest(at("/messages/all/conv_1.data"))).toEqual(inboxListOfRequest(at("/messages/all/conv_1")));
    expect(inboxListOfRequest(at("/messages/all"))).toBeDefined();
  });

  it("reads nothing when the inbox's route is not loaded, or for a status it does not have", () => {
    expect(inboxListOfRequest(at("/messages/all/conv_1.data?_routes=routes%2Fmessages%2Fconversation"))).toBeUndefined();
    expect(inboxListOfRequest(at("/messages/unknown"))).toBeUndefined();
  });
});
