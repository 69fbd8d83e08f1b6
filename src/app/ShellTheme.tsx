import { useMemo, type ReactNode } from "react";
import { MantineThemeProvider } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";

/**
 * Theme defaults that need translated text: every modal's and toast's close button gets an accessible name,
 * and toast messages a text colour that passes colour contrast (Mantine's stylesheet uses gray.6 there).
 */
export function ShellTheme({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const close = t({ id: "CLOSE", message: "Close", comment: "Accessible name of the close button of a dialog or a notification" });
  const theme = useMemo(
    () => ({
      components: {
        Modal: { defaultProps: { closeButtonProps: { "aria-label": close } } },
        Notification: {
          defaultProps: { closeButtonProps: { "aria-label": close } },
          styles: { description: { color: "var(--mantine-color-gray-8)" } },
        },
      },
    }),
    [close],
  );
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
