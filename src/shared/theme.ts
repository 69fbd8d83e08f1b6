import { createTheme, darken, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver } from "@mantine/core";

/** The light variant writes in the colour itself: yellow and orange text on their pale backgrounds fail WCAG AA. */
const WARM = new Set(["yellow", "orange"]);
/**
 * Green is too light at every shade for AA: white on green.9 is 4.4:1, green text on its pale background less.
 * Darkened through the theme's variable, so a filled green still names its colour (`--button-bg`).
 */
const darkGreen = (blackPercent: number) => `color-mix(in srgb, var(--mantine-color-green-9), black ${blackPercent}%)`;

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (parsed.color === "green" && input.variant === "filled") return { ...colors, background: darkGreen(20), hover: darkGreen(35) };
  if (parsed.color === "green" && input.variant === "light") return { ...colors, color: darkGreen(30), hoverColor: darkGreen(30) };
  // Under the pointer, Mantine's hover background (shade 2) leaves a subtle or light button's text (shade 9) at 4.0:1
  // (red 3.8:1). A subtle button hovers on the paler shade 1 (4.9:1); a light one, already on shade 1, darkens its text.
  if (input.variant === "subtle" && parsed.isThemeColor && !WARM.has(parsed.color)) {
    return { ...colors, hover: `var(--mantine-color-${parsed.color}-1)` };
  }
  if (input.variant === "light" && parsed.isThemeColor && !WARM.has(parsed.color) && parsed.color !== "green") {
    return { ...colors, hoverColor: darken(input.theme.colors[parsed.color]![9], 0.25) };
  }
  if (input.variant !== "light" || !WARM.has(parsed.color)) return colors;
  const text = darken(input.theme.colors[parsed.color]![9], 0.45);
  return { ...colors, color: text, hoverColor: text };
};

/** Shade 8 keeps white text on filled buttons above the WCAG AA contrast ratio (shade 6 fails axe). */
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 8 },
  // Staff who ask their system for less motion get no transitions (modals, menus, toasts appear at once).
  respectReducedMotion: true,
  variantColorResolver,
});

/** Mantine's default placeholder (gray.5), dimmed (gray.6) and error (red.6) colours fail axe color-contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-placeholder": "var(--mantine-color-gray-7)", "--mantine-color-dimmed": "var(--mantine-color-gray-7)", "--mantine-color-error": "var(--mantine-color-red-8)" },
  dark: {},
});
