import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { CALENDAR_PANELS, panelRouteId } from "./routes/calendar/panel-files";
import { STEP_FILES } from "./routes/listing/step-files";

export default [
  index("routes/front-door.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("auth/callback", "routes/auth/callback.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  ...prefix("redirect", [
    route("login", "routes/redirect/login.tsx"),
    route("register", "routes/redirect/register.tsx"),
    route("landing", "routes/redirect/landing.tsx"),
    route("platform", "routes/redirect/platform.tsx"),
    route("platform/login", "routes/redirect/platform-login.tsx"),
  ]),
  route("legal", "routes/legal/index.tsx"),
  route("legal/atc", "routes/legal/atc.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  layout("routes/shell.tsx", [
    route("home", "routes/home.tsx"),
    route("feature-toggle/:id", "routes/feature-toggle.tsx"),
    route("staff/impersonate", "routes/staff/impersonate.tsx"),
    route("staff/audit-log", "routes/staff/audit-log.tsx"),
    route("resources/interaction", "routes/resources/interaction.tsx"),
    route("media/photos/:photoId", "routes/media/photo.tsx"),
    ...prefix("listing", [
      index("routes/listing/index.tsx"),
      route("check-eligibility", "routes/listing/check-eligibility.tsx"),
      route("onboarding-not-eligible", "routes/listing/not-eligible.tsx"),
      route("first-property", "routes/listing/new-property.tsx", { id: "listing-first-property" }),
      route("add-property", "routes/listing/new-property.tsx", { id: "listing-add-property" }),
      route("property/:propertyId/unit/:unitId", "routes/listing/resume.tsx"),
      route("property/:propertyId/units", "routes/listing/unit-selection.tsx"),
      route(":propertyId/:unitId/completed", "routes/listing/completed.tsx"),
      route(":kind/:propertyId/:unitId", "routes/listing/wizard.tsx", [
        index("routes/listing/wizard-index.tsx"),
        // Each step of the listing wizards (§2) is a nested route with its own loader, action and form.
        ...Object.entries(STEP_FILES).map(([step, file]) => route(step, `routes/listing/steps/${file}.tsx`, { id: `listing-step/${step}` })),
      ]),
    ]),
    route("calendar", "routes/calendar/index.tsx"),
    route("calendar/:unitId", "routes/calendar/unit.tsx", [
      index("routes/calendar/panels/overview.tsx"),
      // Each sidebar panel of the unit calendar (§2) is a nested route with its own loader and action (panel-files.ts).
      ...CALENDAR_PANELS.map((p) => route(p.path, `routes/calendar/panels/${p.file}.tsx`, { id: panelRouteId(p.path) })),
    ]),
    route("properties", "routes/properties/index.tsx"),
    route("properties/:propertyId", "routes/properties/detail.tsx"),
    route("properties/:propertyId/about", "routes/properties/property-about.tsx"),
    route("properties/:propertyId/units", "routes/properties/property-units.tsx"),
    route("properties/:propertyId/units/:unitId/regional/:field", "routes/properties/regional-field.tsx"),
    route("units/:unitId/*", "routes/properties/unit-shortcut.tsx"),
    route("units-search", "routes/properties/unit-search.tsx"),
    route("properties/:propertyId/units/:unitId", "routes/properties/unit-layout.tsx", [
      index("routes/properties/unit-index.tsx"),
      route("about", "routes/properties/about.tsx"),
      route("photos", "routes/properties/photos.tsx"),
      route("photos/upload", "routes/properties/photo-upload.tsx"),
      route("amenities", "routes/properties/amenities.tsx"),
      route("rooms", "routes/properties/rooms.tsx"),
      route("booking-policies", "routes/properties/booking-policies.tsx"),
      route("price-and-availability", "routes/properties/price-and-availability.tsx"),
      route("promotions", "routes/properties/promotions.tsx"),
      route("taxes-and-laws", "routes/properties/taxes-and-laws.tsx"),
      route("booking-type", "routes/properties/booking-type.tsx"),
      route("staff-review", "routes/properties/staff-review.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
