import { createTheme, type CSSVariablesResolver } from "@mantine/core";

/** Shade 8 keeps white text on filled buttons above the WCAG AA contrast ratio (shade 6 fails axe). */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 8 },
  // Staff who ask their system for less motion get no transitions (modals, menus, toasts appear at once).
  respectReducedMotion: true,
});

/** Mantine's default placeholder (gray.5), dimmed (gray.6) and error (red.6) colours fail axe color-contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-placeholder": "var(--mantine-color-gray-7)", "--mantine-color-dimmed": "var(--mantine-color-gray-7)", "--mantine-color-error": "var(--mantine-color-red-8)" },
  dark: {},
});
