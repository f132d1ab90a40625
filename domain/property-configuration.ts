import { percentAtBooking } from "./booking";
import { DEFAULT_LOCALE, type Locale } from "./locales";
import { formatPercent } from "./percent";

/**
 * Reference data for describing a property and its units: the ids the host API accepts and the
 * configuration it sends (`propertiesConfiguration`), with a translated label next to every id
 * (namespace "configuration"). Pure data and functions, no I/O.
 */

// ---------------------------------------------------------------------------------------------
// Property
// ---------------------------------------------------------------------------------------------

export const ACCOMMODATION_TYPES = [
  "apartment",
  "house",
  "villa",
  "chalet",
  "cottage",
  "bungalow",
  "holiday_home",
  "farmhouse",
  "country_house",
  "mobile_home",
  "houseboat",
  "guesthouse",
  "bed_and_breakfast",
  "aparthotel",
  "tiny_house",
  "castle",
] as const;
export type AccommodationType = (typeof ACCOMMODATION_TYPES)[number];

/** "onLine": guests book instantly (recommended); "onRequest": the host accepts each request. */
export const BOOKING_TYPES = ["onLine", "onRequest"] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];
export const DEFAULT_BOOKING_TYPE: BookingType = "onLine";

export const HOUSE_RULES = [
  "smoking_allowed",
  "pets_allowed",
  "parties_allowed",
  "children_welcome",
  "suitable_for_infants",
  "wheelchair_accessible",
  "quiet_hours",
] as const;
export type HouseRule = (typeof HOUSE_RULES)[number];

export interface CancellationRefund {
  /** The refund applies when the guest cancels at least this many days before arrival. */
  readonly daysBefore: number;
  readonly percent: number;
}

/** Refund tiers, most generous first; a cancellation later than every tier gets nothing back. */
export const CANCELLATION_POLICIES = [
  { id: "flexible", refunds: [{ daysBefore: 1, percent: 100 }] },
  {
    id: "moderate",
    refunds: [
      { daysBefore: 14, percent: 100 },
      { daysBefore: 7, percent: 50 },
    ],
  },
  { id: "strict", refunds: [{ daysBefore: 30, percent: 50 }] },
  { id: "non_refundable", refunds: [] },
] as const satisfies readonly { id: string; refunds: readonly CancellationRefund[] }[];
export type CancellationPolicyId = (typeof CANCELLATION_POLICIES)[number]["id"];
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicyId = "moderate";

export const EXPECTED_UNIT_COUNTS = ["1", "2-5", "6-10", "11-50", "51+"] as const;
export type ExpectedUnitCount = (typeof EXPECTED_UNIT_COUNTS)[number];

// ---------------------------------------------------------------------------------------------
// Units
// ---------------------------------------------------------------------------------------------

export const LISTING_TYPES = ["entire_place", "private_room", "shared_room"] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

export const ROOM_TYPES = ["bedroom", "living_room", "bath_room", "kitchen_room"] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const DEFAULT_ROOM_TYPE: RoomType = "bedroom";

/** Rooms that can hold beds. */
export const SLEEPING_ROOM_TYPES = ["bedroom", "living_room"] as const satisfies readonly RoomType[];
export type SleepingRoomType = (typeof SLEEPING_ROOM_TYPES)[number];

export const BED_TYPES = ["single", "double", "queen", "king", "bunk", "sofa_bed", "crib"] as const;
export type BedType = (typeof BED_TYPES)[number];

/** Amenities by group, in display order ("general" first). An amenity id belongs to one group. */
export const AMENITY_GROUPS = [
  {
    id: "general",
    amenities: ["wifi", "air_conditioning", "heating", "washing_machine", "tumble_dryer", "iron", "lift", "parking", "ev_charger", "fireplace"],
  },
  {
    id: "kitchen",
    amenities: ["oven", "hob", "microwave", "dishwasher", "fridge", "freezer", "coffee_machine", "kettle", "toaster", "cooking_basics"],
  },
  {
    id: "bathroom",
    amenities: ["hair_dryer", "bathtub", "walk_in_shower", "bidet", "toiletries", "hot_water"],
  },
  {
    id: "bedroom",
    amenities: ["bed_linen", "extra_pillows_and_blankets", "wardrobe", "clothes_hangers", "blackout_curtains", "workspace"],
  },
  {
    id: "entertainment",
    amenities: ["tv", "satellite_tv", "streaming_services", "sound_system", "books", "board_games", "games_console"],
  },
  {
    id: "outdoor",
    amenities: ["pool", "garden", "terrace", "balcony", "bbq_grill", "outdoor_furniture", "hot_tub", "outdoor_shower"],
  },
  {
    id: "safety",
    amenities: ["smoke_detector", "carbon_monoxide_detector", "fire_extinguisher", "first_aid_kit", "safe", "exterior_security_cameras"],
  },
  {
    id: "accessibility",
    amenities: ["step_free_access", "wide_doorways", "accessible_parking", "grab_rails", "roll_in_shower", "ground_floor_bedroom"],
  },
  {
    id: "family",
    amenities: ["high_chair", "baby_cot", "baby_bath", "changing_table", "stair_gates", "socket_covers", "toys"],
  },
] as const satisfies readonly { id: string; amenities: readonly string[] }[];
export type AmenityGroupId = (typeof AMENITY_GROUPS)[number]["id"];
export type Amenity = (typeof AMENITY_GROUPS)[number]["amenities"][number];

export const AMENITIES: readonly Amenity[] = AMENITY_GROUPS.flatMap((g) => g.amenities);

/** What guests search for most; shown first when a host picks amenities. */
export const TOP_AMENITIES = [
  "wifi",
  "air_conditioning",
  "pool",
  "parking",
  "washing_machine",
  "dishwasher",
  "heating",
  "tv",
] as const satisfies readonly Amenity[];

export const DEFAULT_MAX_PHOTO_DIMENSION = 8000;

export const PHOTO_CONSTRAINTS = {
  mimeTypes: ["image/jpeg", "image/png", "image/webp"],
  minWidth: 1024,
  minHeight: 683,
  maxWidth: DEFAULT_MAX_PHOTO_DIMENSION,
  maxHeight: DEFAULT_MAX_PHOTO_DIMENSION,
  maxBytes: 15 * 1024 * 1024,
  /** 50 megapixels: 200 MB decoded, still every camera's full resolution. */
  maxPixels: 50_000_000,
  maxPhotosPerUnit: 50,
} as const;

/**
 * How the guest pays: online_100 all at booking; online_30_70_split 30 % at booking and 70 % online
 * before arrival; online_50 / online_30 that share online, the rest on site (the payment plans of
 * `domain/booking.ts`). Their labels take the shares as `{{first}}` and `{{rest}}`.
 */
export const PAYMENT_PREFERENCES = ["online_100", "online_30_70_split", "online_50", "online_30"] as const;
export type PaymentPreference = (typeof PAYMENT_PREFERENCES)[number];

// ---------------------------------------------------------------------------------------------
// Extra charges
// ---------------------------------------------------------------------------------------------

/** "recurring": per night, person or day; "one_time": once per stay. */
export const PRICING_KINDS = ["recurring", "one_time"] as const;
export type PricingKind = (typeof PRICING_KINDS)[number];

export const SERVICES = [
  { id: "breakfast", pricingKinds: ["recurring"] },
  { id: "cleaning", pricingKinds: ["one_time"] },
  { id: "reservedParking", pricingKinds: ["recurring", "one_time"] },
  { id: "pickUp", pricingKinds: ["one_time"] },
  { id: "transferAirport", pricingKinds: ["one_time"] },
  { id: "transferStation", pricingKinds: ["one_time"] },
  { id: "towels", pricingKinds: ["recurring", "one_time"] },
  { id: "pets", pricingKinds: ["recurring", "one_time"] },
  { id: "linen", pricingKinds: ["recurring", "one_time"] },
  { id: "energyConsumption", pricingKinds: ["recurring", "one_time"] },
  { id: "coolingAndHeating", pricingKinds: ["recurring"] },
  { id: "fullBoard", pricingKinds: ["recurring"] },
  { id: "halfBoard", pricingKinds: ["recurring"] },
  { id: "internet", pricingKinds: ["recurring", "one_time"] },
  { id: "washingMachine", pricingKinds: ["recurring", "one_time"] },
  { id: "firewood", pricingKinds: ["recurring", "one_time"] },
  { id: "water", pricingKinds: ["recurring"] },
  { id: "bbqGrill", pricingKinds: ["recurring", "one_time"] },
  { id: "childrenBed", pricingKinds: ["recurring", "one_time"] },
  { id: "tv", pricingKinds: ["recurring"] },
] as const satisfies readonly { id: string; pricingKinds: readonly PricingKind[] }[];
export type ServiceId = (typeof SERVICES)[number]["id"];

// ---------------------------------------------------------------------------------------------
// Countries: address forms and registration
// ---------------------------------------------------------------------------------------------

export const ADDRESS_FIELDS = ["street", "houseNumberOrName", "postalCode", "city", "stateOrProvince"] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export interface Region {
  /** At most 3 characters (see `stateCode`). */
  readonly code: string;
  /** Proper name, not translated. */
  readonly name: string;
}

export interface AddressForm {
  /** In the order the form shows them; the country itself is implicit and always required. */
  readonly fields: readonly AddressField[];
  readonly required: readonly AddressField[];
  /** A regular expression source matched against the trimmed, upper-cased postal code. */
  readonly postalCodePattern: string | null;
  readonly regions?: readonly Region[];
}

export interface Registration {
  /** "regions": required only in the listed region codes. */
  readonly registrationNumber: "none" | "required" | "regions";
  readonly regions?: readonly string[];
  /** A national identification code besides (or instead of) a local number, e.g. Italy's CIN. */
  readonly nationalIdentificationCode: boolean;
}

export interface Country {
  readonly code: string;
  readonly addressForm: AddressForm;
  readonly registration: Registration;
}

const STREET_FIRST: readonly AddressField[] = ["street", "houseNumberOrName", "postalCode", "city"];
const NUMBER_FIRST: readonly AddressField[] = ["houseNumberOrName", "street", "city", "postalCode"];
const WITH_POSTAL_CODE: readonly AddressField[] = ["street", "houseNumberOrName", "postalCode", "city"];
const WITH_REGION: readonly AddressField[] = [...WITH_POSTAL_CODE, "stateOrProvince"];
const NO_REGISTRATION: Registration = { registrationNumber: "none", nationalIdentificationCode: false };
const REGISTRATION_REQUIRED: Registration = { registrationNumber: "required", nationalIdentificationCode: false };

/** The 50 states and the District of Columbia (USPS codes). */
const US_STATES: readonly Region[] = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
];

/** The 17 autonomous communities and 2 autonomous cities (ISO 3166-2:ES). */
const ES_COMMUNITIES: readonly Region[] = [
  { code: "AN", name: "Andalucía" },
  { code: "AR", name: "Aragón" },
  { code: "AS", name: "Principado de Asturias" },
  { code: "IB", name: "Illes Balears" },
  { code: "CN", name: "Canarias" },
  { code: "CB", name: "Cantabria" },
  { code: "CL", name: "Castilla y León" },
  { code: "CM", name: "Castilla-La Mancha" },
  { code: "CT", name: "Catalunya" },
  { code: "VC", name: "Comunitat Valenciana" },
  { code: "EX", name: "Extremadura" },
  { code: "GA", name: "Galicia" },
  { code: "MD", name: "Comunidad de Madrid" },
  { code: "MC", name: "Región de Murcia" },
  { code: "NC", name: "Comunidad Foral de Navarra" },
  { code: "PV", name: "País Vasco / Euskadi" },
  { code: "RI", name: "La Rioja" },
  { code: "CE", name: "Ceuta" },
  { code: "ML", name: "Melilla" },
];

/** The 20 regions (ISO 3166-2:IT two-digit codes). */
const IT_REGIONS: readonly Region[] = [
  { code: "65", name: "Abruzzo" },
  { code: "77", name: "Basilicata" },
  { code: "78", name: "Calabria" },
  { code: "72", name: "Campania" },
  { code: "45", name: "Emilia-Romagna" },
  { code: "36", name: "Friuli-Venezia Giulia" },
  { code: "62", name: "Lazio" },
  { code: "42", name: "Liguria" },
  { code: "25", name: "Lombardia" },
  { code: "57", name: "Marche" },
  { code: "67", name: "Molise" },
  { code: "21", name: "Piemonte" },
  { code: "75", name: "Puglia" },
  { code: "88", name: "Sardegna" },
  { code: "82", name: "Sicilia" },
  { code: "52", name: "Toscana" },
  { code: "32", name: "Trentino-Alto Adige / Südtirol" },
  { code: "55", name: "Umbria" },
  { code: "23", name: "Valle d'Aosta / Vallée d'Aoste" },
  { code: "34", name: "Veneto" },
];

/** The 26 cantons (ISO 3166-2:CH). */
const CH_CANTONS: readonly Region[] = [
  { code: "AG", name: "Aargau" },
  { code: "AR", name: "Appenzell Ausserrhoden" },
  { code: "AI", name: "Appenzell Innerrhoden" },
  { code: "BL", name: "Basel-Landschaft" },
  { code: "BS", name: "Basel-Stadt" },
  { code: "BE", name: "Bern / Berne" },
  { code: "FR", name: "Fribourg / Freiburg" },
  { code: "GE", name: "Genève" },
  { code: "GL", name: "Glarus" },
  { code: "GR", name: "Graubünden / Grischun / Grigioni" },
  { code: "JU", name: "Jura" },
  { code: "LU", name: "Luzern" },
  { code: "NE", name: "Neuchâtel" },
  { code: "NW", name: "Nidwalden" },
  { code: "OW", name: "Obwalden" },
  { code: "SG", name: "St. Gallen" },
  { code: "SH", name: "Schaffhausen" },
  { code: "SZ", name: "Schwyz" },
  { code: "SO", name: "Solothurn" },
  { code: "TG", name: "Thurgau" },
  { code: "TI", name: "Ticino" },
  { code: "UR", name: "Uri" },
  { code: "VS", name: "Valais / Wallis" },
  { code: "VD", name: "Vaud" },
  { code: "ZG", name: "Zug" },
  { code: "ZH", name: "Zürich" },
];

/** Spanish communities that require a tourist registration number for holiday rentals. */
export const ES_REGIONS_WITH_REGISTRATION = ["AN", "CT", "IB", "CN", "VC", "MD"] as const;

const GB_POSTCODE =
  "^(GIR ?0AA|[A-PR-UWYZ](\\d{1,2}|[A-HK-Y]\\d{1,2}|\\d[A-HJKPSTUW]|[A-HK-Y]\\d[ABEHMNPRV-Y]) ?\\d[ABD-HJLNP-UW-Z]{2})$";

export const COUNTRIES = [
  { code: "AT", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^[1-9]\\d{3}$" }, registration: NO_REGISTRATION },
  { code: "BE", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^[1-9]\\d{3}$" }, registration: NO_REGISTRATION },
  {
    code: "CH",
    addressForm: { fields: [...STREET_FIRST, "stateOrProvince"], required: WITH_REGION, postalCodePattern: "^[1-9]\\d{3}$", regions: CH_CANTONS },
    registration: NO_REGISTRATION,
  },
  { code: "CZ", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^[1-7]\\d{2} ?\\d{2}$" }, registration: NO_REGISTRATION },
  { code: "DE", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^\\d{5}$" }, registration: NO_REGISTRATION },
  { code: "DK", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^[1-9]\\d{3}$" }, registration: NO_REGISTRATION },
  {
    code: "ES",
    addressForm: {
      fields: [...STREET_FIRST, "stateOrProvince"],
      required: WITH_REGION,
      postalCodePattern: "^(0[1-9]|[1-4]\\d|5[0-2])\\d{3}$",
      regions: ES_COMMUNITIES,
    },
    registration: { registrationNumber: "regions", regions: ES_REGIONS_WITH_REGISTRATION, nationalIdentificationCode: false },
  },
  { code: "FR", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^\\d{5}$" }, registration: REGISTRATION_REQUIRED },
  { code: "GB", addressForm: { fields: NUMBER_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: GB_POSTCODE }, registration: NO_REGISTRATION },
  { code: "GR", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^[1-8]\\d{2} ?\\d{2}$" }, registration: REGISTRATION_REQUIRED },
  { code: "HR", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^[1-5]\\d{4}$" }, registration: REGISTRATION_REQUIRED },
  {
    code: "IT",
    addressForm: { fields: [...STREET_FIRST, "stateOrProvince"], required: WITH_REGION, postalCodePattern: "^\\d{5}$", regions: IT_REGIONS },
    registration: { registrationNumber: "none", nationalIdentificationCode: true },
  },
  { code: "NL", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^[1-9]\\d{3} ?[A-Z]{2}$" }, registration: REGISTRATION_REQUIRED },
  { code: "PT", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^\\d{4}-\\d{3}$" }, registration: REGISTRATION_REQUIRED },
  { code: "SI", addressForm: { fields: STREET_FIRST, required: WITH_POSTAL_CODE, postalCodePattern: "^[1-9]\\d{3}$" }, registration: NO_REGISTRATION },
  {
    code: "US",
    addressForm: {
      fields: ["houseNumberOrName", "street", "city", "stateOrProvince", "postalCode"],
      required: WITH_REGION,
      postalCodePattern: "^\\d{5}(-\\d{4})?$",
      regions: US_STATES,
    },
    registration: NO_REGISTRATION,
  },
] as const satisfies readonly Country[];
export type CountryCode = (typeof COUNTRIES)[number]["code"];

export function countryByCode(code: string): Country | undefined {
  const wanted = code.trim().toUpperCase();
  return (COUNTRIES as readonly Country[]).find((c) => c.code === wanted);
}

/** Spec: "State codes cut to 3 characters". */
export function stateCode(value: string): string {
  return value.trim().toUpperCase().slice(0, 3);
}

export function requiresRegistrationNumber(countryCode: string, regionCode: string | null): boolean {
  const registration = countryByCode(countryCode)?.registration;
  if (!registration) return false;
  switch (registration.registrationNumber) {
    case "required":
      return true;
    case "regions":
      return regionCode !== null && (registration.regions ?? []).includes(stateCode(regionCode));
    default:
      return false;
  }
}

export function requiresNationalIdentificationCode(countryCode: string): boolean {
  return countryByCode(countryCode)?.registration.nationalIdentificationCode ?? false;
}

/**
 * Italy's national identification code (CIN, art. 13-ter DL 145/2023, issued by the Ministry of
 * Tourism's BDSR): "IT", the ISTAT code of the province (3 digits) and of the municipality
 * (3 digits), the ISTAT classification of the accommodation (a letter and a digit, e.g. C2 or B4)
 * and a random alphanumeric string of at most 8 characters, e.g. IT009001B4XYZ12345.
 */
const NATIONAL_IDENTIFICATION_CODE = /^IT\d{6}[A-Z]\d[A-Z0-9]{1,8}$/;

/** The code as it is stored and compared: without spaces, in capitals. */
export function normaliseNationalIdentificationCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

export function isValidNationalIdentificationCode(code: string): boolean {
  return NATIONAL_IDENTIFICATION_CODE.test(normaliseNationalIdentificationCode(code));
}

/** True when the country has no postal code pattern (or is unknown); otherwise the pattern decides. */
export function isValidPostalCode(countryCode: string, postalCode: string): boolean {
  const pattern = countryByCode(countryCode)?.addressForm.postalCodePattern;
  if (!pattern) return true;
  return new RegExp(pattern).test(postalCode.trim().toUpperCase());
}

// ---------------------------------------------------------------------------------------------
// Areas (§5)
// ---------------------------------------------------------------------------------------------

export const SQUARE_FEET_PER_SQUARE_METRE = 10.76391042;

/** Square metres → square feet, rounded to a whole number. */
export function toImperialArea(squareMetres: number): number {
  return Math.round(squareMetres * SQUARE_FEET_PER_SQUARE_METRE);
}

/** Square feet → square metres, rounded to 2 decimals. */
export function toMetricArea(squareFeet: number): number {
  return Math.round((squareFeet / SQUARE_FEET_PER_SQUARE_METRE) * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// The configuration as the host API sends it
// ---------------------------------------------------------------------------------------------

export type Translate = (key: string, values?: Readonly<Record<string, string>>) => string;

export interface Option<Id extends string = string> {
  id: Id;
  label: string;
}

export interface DefaultableOption<Id extends string = string> extends Option<Id> {
  isDefault: boolean;
}

export interface AddressFormConfiguration {
  countryCode: string;
  fields: { id: AddressField; label: string; required: boolean }[];
  postalCodePattern: string | null;
  regions: Region[] | null;
}

export interface PropertiesConfiguration {
  property: {
    accommodationTypes: Option<AccommodationType>[];
    bookingTypes: DefaultableOption<BookingType>[];
    houseRules: Option<HouseRule>[];
    cancellationPolicies: (DefaultableOption<CancellationPolicyId> & { refunds: CancellationRefund[] })[];
    /** Countries where every property needs a registration number. */
    countriesWithRegistrationId: string[];
    /** Countries where only properties in the listed regions need one. */
    regionsWithRegistrationId: { countryCode: string; regionCodes: string[] }[];
    expectedUnitCounts: Option<ExpectedUnitCount>[];
    addressForms: AddressFormConfiguration[];
  };
  propertyUnit: {
    amenities: (Option<AmenityGroupId> & { amenities: Option<Amenity>[] })[];
    topAmenities: Option<Amenity>[];
    listingTypes: Option<ListingType>[];
    rooms: {
      types: DefaultableOption<RoomType>[];
      sleepingTypes: Option<SleepingRoomType>[];
      bedTypes: Option<BedType>[];
    };
    photosConstraints: {
      mimeTypes: string[];
      minWidth: number;
      minHeight: number;
      maxWidth: number;
      maxHeight: number;
      maxBytes: number;
      maxPixels: number;
      maxPhotosPerUnit: number;
    };
    paymentPreferences: Option<PaymentPreference>[];
  };
  extraCharges: (Option<ServiceId> & { pricingKinds: Option<PricingKind>[] })[];
  countries: { code: string; label: string; registration: { registrationNumber: Registration["registrationNumber"]; regions: string[]; nationalIdentificationCode: boolean } }[];
}

/** Every translation key group of the "configuration" namespace. */
export const LABEL_GROUPS = [
  "accommodationTypes",
  "bookingTypes",
  "houseRules",
  "cancellationPolicies",
  "expectedUnitCounts",
  "addressFields",
  "amenityGroups",
  "amenities",
  "listingTypes",
  "roomTypes",
  "bedTypes",
  "paymentPreferences",
  "services",
  "pricingKinds",
  "countries",
] as const;
export type LabelGroup = (typeof LABEL_GROUPS)[number];

export function labelKey(group: LabelGroup, id: string): string {
  return `configuration:${group}.${id}`;
}

/**
 * The whole configuration with a translated label next to every id. Countries are sorted by
 * their label (collated for `locale` when given); region names are proper names and stay as they are.
 */
export function propertiesConfiguration(t: Translate, locale?: Locale): PropertiesConfiguration {
  const options = <Id extends string>(group: LabelGroup, ids: readonly Id[]): Option<Id>[] =>
    ids.map((id) => ({ id, label: t(labelKey(group, id)) }));
  const withDefault = <Id extends string>(group: LabelGroup, ids: readonly Id[], fallback: Id): DefaultableOption<Id>[] =>
    options(group, ids).map((o) => ({ ...o, isDefault: o.id === fallback }));

  const countries = COUNTRIES as readonly Country[];
  const collator = new Intl.Collator(locale?.replace("_", "-"));
  const percent = (share: number) => formatPercent(share, locale ?? DEFAULT_LOCALE);

  return {
    property: {
      accommodationTypes: options("accommodationTypes", ACCOMMODATION_TYPES),
      bookingTypes: withDefault("bookingTypes", BOOKING_TYPES, DEFAULT_BOOKING_TYPE),
      houseRules: options("houseRules", HOUSE_RULES),
      cancellationPolicies: CANCELLATION_POLICIES.map((p) => ({
        id: p.id,
        label: t(labelKey("cancellationPolicies", p.id)),
        isDefault: p.id === DEFAULT_CANCELLATION_POLICY,
        refunds: p.refunds.map((r) => ({ ...r })),
      })),
      countriesWithRegistrationId: countries.filter((c) => c.registration.registrationNumber === "required").map((c) => c.code),
      regionsWithRegistrationId: countries
        .filter((c) => c.registration.registrationNumber === "regions")
        .map((c) => ({ countryCode: c.code, regionCodes: [...(c.registration.regions ?? [])] })),
      expectedUnitCounts: options("expectedUnitCounts", EXPECTED_UNIT_COUNTS),
      addressForms: countries.map((c) => ({
        countryCode: c.code,
        fields: c.addressForm.fields.map((id) => ({ id, label: t(labelKey("addressFields", id)), required: c.addressForm.required.includes(id) })),
        postalCodePattern: c.addressForm.postalCodePattern,
        regions: c.addressForm.regions ? c.addressForm.regions.map((r) => ({ ...r })) : null,
      })),
    },
    propertyUnit: {
      amenities: AMENITY_GROUPS.map((g) => ({
        id: g.id,
        label: t(labelKey("amenityGroups", g.id)),
        amenities: options<Amenity>("amenities", g.amenities),
      })),
      topAmenities: options<Amenity>("amenities", TOP_AMENITIES),
      listingTypes: options("listingTypes", LISTING_TYPES),
      rooms: {
        types: withDefault("roomTypes", ROOM_TYPES, DEFAULT_ROOM_TYPE),
        sleepingTypes: options("roomTypes", SLEEPING_ROOM_TYPES),
        bedTypes: options("bedTypes", BED_TYPES),
      },
      photosConstraints: { ...PHOTO_CONSTRAINTS, mimeTypes: [...PHOTO_CONSTRAINTS.mimeTypes] },
      paymentPreferences: PAYMENT_PREFERENCES.map((id) => ({ id, label: t(labelKey("paymentPreferences", id), { first: percent(percentAtBooking(id)), rest: percent(100 - percentAtBooking(id)) }) })),
    },
    extraCharges: SERVICES.map((s) => ({
      id: s.id,
      label: t(labelKey("services", s.id)),
      pricingKinds: options<PricingKind>("pricingKinds", s.pricingKinds),
    })),
    countries: countries
      .map((c) => ({
        code: c.code,
        label: t(labelKey("countries", c.code)),
        registration: {
          registrationNumber: c.registration.registrationNumber,
          regions: [...(c.registration.regions ?? [])],
          nationalIdentificationCode: c.registration.nationalIdentificationCode,
        },
      }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  };
}

/** Where the map pin starts before a host places it: the capital of the property's country. */
export const COUNTRY_CENTRES: Readonly<Record<string, readonly [latitude: number, longitude: number]>> = {
  AT: [48.2082, 16.3738],
  BE: [50.8503, 4.3517],
  CH: [46.948, 7.4474],
  CZ: [50.0755, 14.4378],
  DE: [52.52, 13.405],
  DK: [55.6761, 12.5683],
  ES: [40.4168, -3.7038],
  FR: [48.8566, 2.3522],
  GB: [51.5074, -0.1278],
  GR: [37.9838, 23.7275],
  HR: [45.815, 15.9819],
  IT: [41.9028, 12.4964],
  NL: [52.3676, 4.9041],
  PT: [38.7223, -9.1393],
  SI: [46.0569, 14.5058],
  US: [38.9072, -77.0369],
};
