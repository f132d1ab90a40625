import { describe, expect, it } from "vitest";
import { feedAddressProblem, isPrivateHost, normaliseFeedAddress } from "./ical-address";

const publicOnly = { allowPrivate: false };

describe("feed addresses", () => {
  it("takes the http(s) addresses platforms hand out", () => {
    expect(feedAddressProblem("https://www.airbnb.com/calendar/ical/12345678.ics?s=abcdef0123456789", publicOnly)).toBeNull();
    expect(feedAddressProblem("https://admin.booking.com/hotel/hoteladmin/ical.html?t=2a6f0c1e-8b1d", publicOnly)).toBeNull();
    expect(feedAddressProblem("http://calendar.example.org/feed.ics", publicOnly)).toBeNull();
    expect(normaliseFeedAddress("  webcal://p12-caldav.icloud.com/published/2/abc  ")).toBe("https://p12-caldav.icloud.com/published/2/abc");
  });

  it("refuses other schemes, credentials and what is no address", () => {
    for (const value of ["ftp://example.com/a.ics", "file:///etc/passwd", "javascript:alert(1)", "example.com/feed.ics", "https://user:pass@example.com/a.ics", "", `https://example.com/${"a".repeat(2100)}`]) {
      expect({ value, problem: feedAddressProblem(value, publicOnly) }).toEqual({ value, problem: "ical_url_invalid" });
    }
  });

  it("refuses this machine and private networks in every form an address takes, unless allowed", () => {
    const privateAddresses = [
      "http://localhost:8080/a.ics",
      "http://api.localhost/a.ics",
      "http://127.0.0.1/a.ics",
      "http://2130706433/a.ics",
      "http://0x7f.1/a.ics",
      "http://10.1.2.3/a.ics",
      "http://172.20.0.1/a.ics",
      "http://192.168.1.10/a.ics",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/a.ics",
      "http://0.0.0.0/a.ics",
      "http://[::1]/a.ics",
      "http://[::ffff:127.0.0.1]/a.ics",
      "http://[fd00::1]/a.ics",
      "http://[fe80::1]/a.ics",
      "http://router/a.ics",
      "http://nas.local/a.ics",
      "http://calendar.internal/a.ics",
    ];
    for (const value of privateAddresses) {
      expect({ value, problem: feedAddressProblem(value, publicOnly) }).toEqual({ value, problem: "ical_url_private" });
      expect({ value, problem: feedAddressProblem(value, { allowPrivate: true }) }).toEqual({ value, problem: null });
    }
    expect(isPrivateHost("8.8.8.8")).toBe(false);
    expect(isPrivateHost("[2606:4700::1111]")).toBe(false);
    expect(isPrivateHost("172.32.0.1")).toBe(false);
  });
});
