import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

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
    route("resources/interaction", "routes/resources/interaction.tsx"),
    route("media/photos/:photoId", "routes/media/photo.tsx"),
    route("properties", "routes/properties/index.tsx"),
    route("properties/:propertyId", "routes/properties/detail.tsx"),
    route("properties/:propertyId/units/:unitId", "routes/properties/unit-layout.tsx", [
      index("routes/properties/unit-index.tsx"),
      route("about", "routes/properties/about.tsx"),
      route("photos", "routes/properties/photos.tsx"),
      route("amenities", "routes/properties/amenities.tsx"),
      route("rooms", "routes/properties/rooms.tsx"),
      route("booking-policies", "routes/properties/booking-policies.tsx"),
      route("taxes-and-laws", "routes/properties/taxes-and-laws.tsx"),
      route("booking-type", "routes/properties/booking-type.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
