/** The demo accounts the quick start seeds; the README lists them. One password for all. */
export const DEMO_PASSWORD = "stayhost-demo-2026";

export interface DemoAccount {
  publicId: string;
  email: string;
  role: "host" | "staff";
  type: "individual" | "company";
  firstName: string;
  lastName: string;
  companyName: string | null;
  locale: string;
  onboardingStatus: "in_progress" | "finished";
  commercialModel: "subscription" | "commission";
  biddingTag: string | null;
  kycApplicable: boolean;
  kycStatus: string;
  features: string[];
  pendingRequests: number;
  description: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    publicId: "usr_demoindividual0001",
    email: "anna@demo.stayhost.example",
    role: "host",
    type: "individual",
    firstName: "Anna",
    lastName: "Keller",
    companyName: null,
    locale: "en_US",
    onboardingStatus: "finished",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    kycStatus: "VERIFICATION_NEVER_STARTED",
    features: ["bookings", "inquiries", "overview", "subscriptionCheckout"],
    pendingRequests: 3,
    description: "individual host, subscription model",
  },
  {
    publicId: "usr_democompany000002",
    email: "agency@demo.stayhost.example",
    role: "host",
    type: "company",
    firstName: "Marco",
    lastName: "Bianchi",
    companyName: "Costa Azzurra Holidays S.r.l.",
    locale: "it_IT",
    onboardingStatus: "finished",
    commercialModel: "commission",
    biddingTag: null,
    kycApplicable: true,
    kycStatus: "REQUIRED",
    features: ["bookings", "overview", "earnings", "b2b"],
    pendingRequests: 12,
    description: "company host, commission model, KYC applicable",
  },
  {
    publicId: "usr_demohybrid0000003",
    email: "hybrid@demo.stayhost.example",
    role: "host",
    type: "individual",
    firstName: "Jonas",
    lastName: "Meier",
    companyName: null,
    locale: "de_CH",
    onboardingStatus: "finished",
    commercialModel: "commission",
    biddingTag: "hybrid_7",
    kycApplicable: false,
    kycStatus: "COMPLETED",
    features: ["bookings", "inquiries", "overview"],
    pendingRequests: 1,
    description: "hybrid host (commission with bidding tag hybrid 7)",
  },
  {
    publicId: "usr_demoonboarding004",
    email: "newhost@demo.stayhost.example",
    role: "host",
    type: "individual",
    firstName: "Lucía",
    lastName: "García",
    companyName: null,
    locale: "es_ES",
    onboardingStatus: "in_progress",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    kycStatus: "VERIFICATION_NEVER_STARTED",
    features: ["bookings", "inquiries"],
    pendingRequests: 0,
    description: "host whose onboarding is in progress",
  },
  {
    publicId: "usr_demostaff00000005",
    email: "staff@demo.stayhost.example",
    role: "staff",
    type: "individual",
    firstName: "Sam",
    lastName: "Staff",
    companyName: null,
    locale: "en_GB",
    onboardingStatus: "finished",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    kycStatus: "COMPLETED",
    features: [],
    pendingRequests: 0,
    description: "staff user (can impersonate hosts)",
  },
  {
    publicId: "usr_demostaff00000006",
    email: "support@demo.stayhost.example",
    role: "staff",
    type: "individual",
    firstName: "Noor",
    lastName: "Support",
    companyName: null,
    locale: "en_US",
    onboardingStatus: "finished",
    commercialModel: "subscription",
    biddingTag: null,
    kycApplicable: false,
    kycStatus: "COMPLETED",
    features: [],
    pendingRequests: 0,
    description: "a second staff user, who acts for hosts independently of the first",
  },
];
