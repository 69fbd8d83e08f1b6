import type { ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { MantineProvider } from "@mantine/core";
import { SessionContext, type SessionActorRef } from "../features/session/session-context";
import { LocaleSync } from "./LocaleSync";
import { theme } from "./theme";

interface AppProvidersProps {
  i18n: I18n;
  session: SessionActorRef;
  /** "test" turns off transitions and portals (MantineProvider env). */
  env?: "default" | "test";
  children: ReactNode;
}

/** What every screen needs, login included. The signed-in shell adds modals and notifications lazily. */
export function AppProviders({ i18n, session, env = "default", children }: AppProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} env={env}>
        <SessionContext value={session}>
          <LocaleSync />
          {children}
        </SessionContext>
      </MantineProvider>
    </I18nProvider>
  );
}
