import { calendar } from "./calendar";
import { calendarVerification } from "./calendar-verification";
import type { Endpoint } from "./http";
import { bookingRequests } from "./booking-requests";
import { bookings } from "./bookings";
import { bookingList } from "./booking-list";
import { channel, channelKeys } from "./channel";
import { guest } from "./guest";
import { home } from "./home";
import { inquiries } from "./inquiries";
import { messaging } from "./messaging";
import { live } from "./live";
import { stays } from "./stays";
import { ical } from "./ical";
import { onboarding } from "./onboarding";
import { kycReview } from "./kyc-review";
import { payments, paymentWebhook } from "./payments";
import { photos } from "./photos";
import { pricing } from "./pricing";
import { reports } from "./reports";
import { insights } from "./insights";
import { reviews } from "./reviews";
import { properties } from "./properties";
import { shell } from "./shell";
import { staff } from "./staff";
import { subscriptions } from "./subscriptions";
import { units } from "./units";
import { user } from "./user";
import { account } from "./account";

/**
 * The host API's contract: every endpoint declared once (method, path, parameters, body, responses).
 * The API registers its handlers from these declarations; the web calls them through the typed client
 * (app/lib/host-api.server.ts); /api/openapi.json is generated from them.
 */
export const hostApi = { properties, units, user, shell, bookingRequests, bookings, bookingList, inquiries, channelKeys, staff, subscriptions, onboarding, pricing, calendar, photos, calendarVerification, ical, messaging, payments, kycReview, account, live, reports, insights, reviews, home };

/** Every declared endpoint, for tests that check answers against their declaration. */
export const allEndpoints: Endpoint[] = Object.values(hostApi).flatMap((resource) => Object.values(resource));

/** The endpoints beside the host API (no host sign-in): the public listing page's (`/stays/{unitId}`), the channel intake's (an API key) and the guest's (a guest token). */
export const publicApi = { stays, channel, paymentWebhook, guest };

export const publicEndpoints: Endpoint[] = Object.values(publicApi).flatMap((resource) => Object.values(resource));
