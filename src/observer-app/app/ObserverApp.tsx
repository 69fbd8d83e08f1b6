import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { FormPage } from "../forms/FormPage";
import { InboxPage } from "../inbox/InboxPage";
import { NotePage } from "../notes/NotePage";
import { OutboxPage } from "../outbox/OutboxPage";
import { SignInPage } from "../session/SignInPage";
import { AccountPage } from "../session/AccountPage";
import { StationHome } from "../stations/StationHome";
import { StationPicker } from "../stations/StationPicker";
import { ObserverLayout } from "./ObserverLayout";
import type { ObserverServices } from "./observer-services";
import { ServicesContext, useServices } from "./services-context";
import { cssVariablesResolver, theme as backOfficeTheme } from "../../shared/theme";

/** The back-office's colours (WCAG AA contrast), with rounder corners for thumbs. */
const theme = mergeThemeOverrides(backOfficeTheme, { defaultRadius: "md" });

function SignedInOrNot() {
  const { session } = useServices();
  const signedIn = useSelector(session, (snapshot) => snapshot.matches("signedIn"));
  if (!signedIn) return <SignInPage />;
  return (
    <Routes>
      <Route element={<ObserverLayout />}>
        <Route index element={<StationHome />} />
        <Route path="stations" element={<StationPicker />} />
        <Route path="forms/:formId" element={<FormPage />} />
        <Route path="notes/new" element={<NotePage />} />
        <Route path="outbox" element={<OutboxPage />} />
        <Route path="inbox" element={<InboxPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

export function ObserverApp({ i18n, services, env = "default" }: { i18n: I18n; services: ObserverServices; env?: "default" | "test" }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
        <ServicesContext value={services}>
          <BrowserRouter basename="/observer">
            <SignedInOrNot />
          </BrowserRouter>
        </ServicesContext>
      </MantineProvider>
    </I18nProvider>
  );
}
