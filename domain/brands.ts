/**
 * White-label brands (§1). A brand is chosen by the request's host name; each brand but the
 * default brings one stylesheet that is loaded only for it.
 */
export interface Brand {
  id: string;
  name: string;
  hosts: string[];
  stylesheet: string | null;
  helpCenterUrl: string;
}

export const DEFAULT_BRAND: Brand = {
  id: "default",
  name: "Stayhost",
  hosts: [],
  stylesheet: null,
  helpCenterUrl: "https://help.stayhost.example/hosts",
};

export const BRANDS: Brand[] = [
  DEFAULT_BRAND,
  { id: "alpina", name: "Alpina Stays", hosts: ["alpina.localhost"], stylesheet: "/themes/alpina.css", helpCenterUrl: "https://help.stayhost.example/alpina" },
  { id: "costa", name: "Costa Rentals", hosts: ["costa.localhost"], stylesheet: "/themes/costa.css", helpCenterUrl: "https://help.stayhost.example/costa" },
  { id: "nordlys", name: "Nordlys Homes", hosts: ["nordlys.localhost"], stylesheet: "/themes/nordlys.css", helpCenterUrl: "https://help.stayhost.example/nordlys" },
];

export function brandForHost(host: string): Brand {
  const name = host.toLowerCase().replace(/:\d+$/, "");
  return BRANDS.find((b) => b.hosts.includes(name)) ?? DEFAULT_BRAND;
}
