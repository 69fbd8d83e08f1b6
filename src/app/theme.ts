import { createTheme } from "@mantine/core";

/** Shade 8 keeps white text on filled buttons above the WCAG AA contrast ratio (shade 6 fails axe). */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 8 },
});
