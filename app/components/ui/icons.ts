/**
 * The app's icons: inline SVG paths drawn on a 24-unit grid in the style of lucide (ISC licence),
 * one export each: `import * as icons from "~/components/ui/icons"` and `<Icon icon={icons.close} />`.
 * The build keeps only the icons some page draws.
 */
export type IconPath = string & { readonly kind: "icon path" };

export const home = "M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9" as IconPath;
export const calendar = "M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" as IconPath;
export const bookings = "M8 2v4M16 2v4M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM3 10h18M9 16l2 2 4-4" as IconPath;
export const inbox = "M22 12h-6l-2 3h-4l-2-3H2M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" as IconPath;
export const inquiries = "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" as IconPath;
export const properties = "M3 21h18M5 21V7l7-4 7 4v14M9 21v-5h6v5M9 10h.01M15 10h.01" as IconPath;
export const statistics = "M3 3v18h18M7 16v-4M12 16V8M17 16v-7" as IconPath;
export const help = "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" as IconPath;
export const signOut = "M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" as IconPath;
export const menu = "M4 6h16M4 12h16M4 18h16" as IconPath;
export const close = "M18 6 6 18M6 6l12 12" as IconPath;
export const back = "M19 12H5M12 19l-7-7 7-7" as IconPath;
export const plus = "M12 5v14M5 12h14" as IconPath;
export const upload = "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" as IconPath;
export const image = "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21" as IconPath;
export const grip = "M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" as IconPath;
export const search = "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35" as IconPath;
export const history = "M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8M3 3v5h5M12 7v5l4 2" as IconPath;
export const user = "M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z" as IconPath;
export const globe = "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" as IconPath;
export const success = "M22 11.08V12a10 10 0 1 1-5.93-9.14M22 4 12 14.01l-3-3" as IconPath;
export const warning = "M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0zM12 9v4M12 17h.01" as IconPath;
export const error = "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM15 9l-6 6M9 9l6 6" as IconPath;
export const info = "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 16v-4M12 8h.01" as IconPath;
export const star = "M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z" as IconPath;
export const send = "M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" as IconPath;
export const archive = "M21 8v13H3V8M1 3h22v5H1zM10 12h4" as IconPath;
export const download = "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" as IconPath;
export const bell = "M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" as IconPath;
export const check = "M20 6 9 17l-5-5" as IconPath;
export const logIn = "M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" as IconPath;
export const logOut = "M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" as IconPath;
