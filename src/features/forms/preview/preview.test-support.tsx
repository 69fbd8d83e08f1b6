import { StrictMode, type ReactElement, type ReactNode } from "react";
import { render } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { MantineProvider } from "@mantine/core";
import axe from "axe-core";
import { expect } from "vitest";
import type { Locale } from "../../../shared/i18n/locales";
import { createTestI18n } from "../../../../tests/support/render";

/**
 * These components take everything as props and make no request: Mantine (test env: no transitions, no portals)
 * and a fresh Lingui instance are all they need, as inside the app.
 */
export function renderStandalone(ui: ReactElement, locale: Locale = "en") {
  const i18n = createTestI18n(locale);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider env="test">{children}</MantineProvider>
      </I18nProvider>
    </StrictMode>
  );
  return render(ui, { wrapper });
}

/** axe on jsdom: everything but colour contrast, which needs a layout jsdom does not have. */
export async function expectNoAxeViolations(container: Element) {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`)).toEqual([]);
}
