/** The demo accounts the quick start seeds; the README lists them. One password for all. */
export const DEMO_PASSWORD = "stayhost-demo-2026";

export interface DemoAccount {
  email: string;
  role: "host" | "staff";
  type: "individual" | "company";
  firstName: string;
  lastName: string;
  companyName: string | null;
  locale: string;
  commercialModel: "subscription" | "commission";
  biddingTag: string | null;
  /** Identity verification (KYC) applies: staff switch it on for a host on commission. */
  kycApplicable: boolean;
  /** The account's features; staff switch those that differ from a new account's. */
  features: string[];
  /** The plan a subscription host pays for its published units (its calendar verified to unlock it). */
  planItemPriceId?: string;
  pendingRequests: number;
  description: string;
  /** The ideal guest the host described (§2 Guest): requests and inquiries show their match level. */
  idealGuest?: { bookingTimes: string[]; stayDurations: string[]; startOfStay: string[]; groupSizes: string[]; language: string };
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: "anna@demo.stayhost.example",
    role: "host",
    type: "individual",
    firstName: "Anna",
    lastName: "Keller",
    companyName: null,
    locale: "en_US",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    features: ["bookings", "inquiries", "overview", "subscriptionCheckout", "coinSubscription"],
    planItemPriceId: "subscription-premium-EUR-yearly",
    pendingRequests: 3,
    description: "individual host, subscription model (premium plan)",
    idealGuest: { bookingTimes: ["fewWeeks", "fewMonths"], stayDurations: ["week", "twoWeeks"], startOfStay: ["friday", "saturday", "sunday"], groupSizes: ["couple", "family"], language: "en" },
  },
  {
    email: "agency@demo.stayhost.example",
    role: "host",
    type: "company",
    firstName: "Marco",
    lastName: "Bianchi",
    companyName: "Costa Azzurra Holidays S.r.l.",
    locale: "it_IT",
    commercialModel: "commission",
    biddingTag: null,
    kycApplicable: true,
    features: ["bookings", "overview", "earnings", "b2b"],
    pendingRequests: 12,
    description: "company host, commission model, KYC applicable",
  },
  {
    email: "hybrid@demo.stayhost.example",
    role: "host",
    type: "individual",
    firstName: "Jonas",
    lastName: "Meier",
    companyName: null,
    locale: "de_CH",
    commercialModel: "commission",
    biddingTag: "hybrid_7",
    kycApplicable: false,
    features: ["bookings", "inquiries", "overview"],
    pendingRequests: 1,
    description: "hybrid host (commission with bidding tag hybrid 7)",
  },
  {
    email: "newhost@demo.stayhost.example",
    role: "host",
    type: "individual",
    firstName: "Lucía",
    lastName: "García",
    companyName: null,
    locale: "es_ES",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    features: ["bookings", "inquiries"],
    pendingRequests: 0,
    description: "host whose onboarding is in progress",
  },
  {
    email: "staff@demo.stayhost.example",
    role: "staff",
    type: "individual",
    firstName: "Sam",
    lastName: "Staff",
    companyName: null,
    locale: "en_GB",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    features: [],
    pendingRequests: 0,
    description: "staff user (can impersonate hosts)",
  },
  {
    email: "support@demo.stayhost.example",
    role: "staff",
    type: "individual",
    firstName: "Noor",
    lastName: "Support",
    companyName: null,
    locale: "en_US",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    features: [],
    pendingRequests: 0,
    description: "a second staff user, who acts for hosts independently of the first",
  },
];
