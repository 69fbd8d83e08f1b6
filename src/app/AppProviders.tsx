import type { ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { MantineProvider } from "@mantine/core";
import { ApiContext } from "../api/api-context";
import { AccountProvider } from "./AccountProvider";
import type { ApiClient } from "../api/client";
import { SessionContext, type SessionActorRef } from "../features/session/session-context";
import { cssVariablesResolver, theme } from "../shared/theme";
import { InspectContext } from "../shared/use-page-actor";
import type { InspectionEvent, Observer } from "xstate";

interface AppProvidersProps {
  i18n: I18n;
  session: SessionActorRef;
  api: ApiClient;
  /** "test" turns off transitions and portals (MantineProvider env). */
  env?: "default" | "test";
  /** The Stately inspector, passed on to every page actor. */
  inspect?: Observer<InspectionEvent>;
  children: ReactNode;
}

/**
 * What every screen needs, login included. The signed-in shell adds modals, notifications and the language
 * switch lazily.
 */
export function AppProviders({ i18n, session, api, env = "default", inspect, children }: AppProvidersProps) {
  return (
    <I18nProvider i18n={i18n}>
      {/* All theme variables come from the provider, so the login route need not load default-css-variables.css. */}
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        deduplicateCssVariables={false}
        env={env}
      >
        <ApiContext value={api}>
          <SessionContext value={session}>
            <InspectContext value={inspect}>
              <AccountProvider>{children}</AccountProvider>
            </InspectContext>
          </SessionContext>
        </ApiContext>
      </MantineProvider>
    </I18nProvider>
  );
}
