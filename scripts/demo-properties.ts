/** Demo properties per demo host: single- and multi-unit, several states, in five countries. */
export interface DemoUnit {
  title: string;
  state: "IN_PROGRESS" | "PUBLISHED" | "UNPUBLISHED" | "REJECTED_BY_STAFF";
  description: string;
  maxGuests: number;
  size: number;
  bedrooms: number;
  /** Nightly price in cents, in the host's currency. */
  nightlyPrice?: number;
  registrationNumber?: string;
  /** Our team found the registration number wrong (after publishing: the unit is unpublished). */
  registrationNumberRejected?: boolean;
  nationalIdentificationCode?: string;
  /** Why our team rejected the unit (REJECTED_BY_STAFF). */
  rejectionReason?: string;
  photo?: [number, number, number];
  /** Listing-wizard steps done, for a unit still in progress (§3 Listing progress). */
  listingSteps?: string[];
}

export interface DemoProperty {
  /** The host's email (scripts/demo-data.ts). */
  host: string;
  type: "single" | "multi";
  title: string;
  accommodationType: string;
  address: { countryCode: string; stateOrProvince?: string; city: string; street: string; houseNumberOrName: string; postalCode: string; latitude: number; longitude: number };
  units: DemoUnit[];
}

export const DEMO_PROPERTIES: DemoProperty[] = [
  {
    host: "anna@demo.stayhost.example",
    type: "single",
    title: "Loft by the Spree",
    accommodationType: "apartment",
    address: { countryCode: "DE", city: "Berlin", street: "Schlesische Straße", houseNumberOrName: "12", postalCode: "10997", latitude: 52.4979, longitude: 13.4473 },
    units: [{ title: "Loft by the Spree", state: "PUBLISHED", nightlyPrice: 12_000, description: "Bright loft with a view of the river, five minutes from the U-Bahn.", maxGuests: 4, size: 78, bedrooms: 2, photo: [70, 130, 180] }],
  },
  {
    host: "anna@demo.stayhost.example",
    type: "single",
    title: "Alfama terrace flat",
    accommodationType: "apartment",
    address: { countryCode: "PT", city: "Lisboa", street: "Rua de São Miguel", houseNumberOrName: "24", postalCode: "1100-544", latitude: 38.7115, longitude: -9.1292 },
    units: [{ title: "Alfama terrace flat", state: "UNPUBLISHED", nightlyPrice: 9_500, description: "Old-town flat with a roof terrace over the Tagus.", maxGuests: 3, size: 55, bedrooms: 1, registrationNumber: "AL-98765", registrationNumberRejected: true, photo: [200, 120, 80] }],
  },
  {
    host: "anna@demo.stayhost.example",
    type: "single",
    title: "Gràcia studio",
    accommodationType: "apartment",
    address: { countryCode: "ES", stateOrProvince: "CT", city: "Barcelona", street: "Carrer de Verdi", houseNumberOrName: "31", postalCode: "08012", latitude: 41.4036, longitude: 2.1567 },
    units: [{ title: "Gràcia studio", state: "IN_PROGRESS", description: "", maxGuests: 2, size: 32, bedrooms: 0 }],
  },
  {
    host: "agency@demo.stayhost.example",
    type: "multi",
    title: "Residence Costa Azzurra",
    accommodationType: "aparthotel",
    address: { countryCode: "IT", stateOrProvince: "42", city: "Alassio", street: "Via Dante Alighieri", houseNumberOrName: "88", postalCode: "17021", latitude: 44.0079, longitude: 8.1731 },
    units: [
      { title: "Bilocale Mare", state: "PUBLISHED", nightlyPrice: 11_000, description: "Two rooms with a sea-view balcony.", maxGuests: 4, size: 48, bedrooms: 1, nationalIdentificationCode: "IT009001B4XYZ12345", photo: [40, 110, 160] },
      { title: "Trilocale Giardino", state: "PUBLISHED", nightlyPrice: 15_500, description: "Three rooms opening onto the garden.", maxGuests: 6, size: 72, bedrooms: 2, nationalIdentificationCode: "IT009001B4XYZ67890", photo: [60, 150, 90] },
      { title: "Monolocale Sole", state: "REJECTED_BY_STAFF", nightlyPrice: 7_500, description: "Compact studio near the beach.", maxGuests: 2, size: 28, bedrooms: 0, nationalIdentificationCode: "IT009001B4XYZ99999", rejectionReason: "The photos show a different building. Upload photos of this studio." },
    ],
  },
  {
    host: "hybrid@demo.stayhost.example",
    type: "single",
    title: "Chalet Matterhornblick",
    accommodationType: "chalet",
    address: { countryCode: "CH", stateOrProvince: "VS", city: "Zermatt", street: "Bahnhofstrasse", houseNumberOrName: "41", postalCode: "3920", latitude: 46.0207, longitude: 7.7491 },
    units: [{ title: "Chalet Matterhornblick", state: "PUBLISHED", nightlyPrice: 32_000, description: "Wooden chalet with a view of the Matterhorn, ski bus at the door.", maxGuests: 8, size: 140, bedrooms: 4, photo: [150, 100, 60] }],
  },
  {
    host: "newhost@demo.stayhost.example",
    type: "single",
    title: "Casa Lucía",
    accommodationType: "holiday_home",
    address: { countryCode: "ES", stateOrProvince: "AN", city: "Málaga", street: "Calle Granada", houseNumberOrName: "7", postalCode: "29015", latitude: 36.7226, longitude: -4.4197 },
    units: [
      {
        title: "Casa Lucía",
        state: "IN_PROGRESS",
        description: "",
        maxGuests: 5,
        size: 90,
        bedrooms: 2,
        // She stopped after the rooms: the wizard resumes at the beds.
        listingSteps: ["property", "location", "location/address", "location/map", "guests-and-rooms/info"],
      },
    ],
  },
];
