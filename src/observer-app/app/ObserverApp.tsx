import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { lazy } from "react";
import { SignInPage } from "../session/SignInPage";
import { StationHome } from "../stations/StationHome";
import { StationPicker } from "../stations/StationPicker";
import { ObserverLayout } from "./ObserverLayout";
import type { ObserverServices } from "./observer-services";
import { ServicesContext, useServices } from "./services-context";
import { cssVariablesResolver, theme as backOfficeTheme } from "../../shared/theme";

// The screens after the first one load on demand (the service worker keeps them all for offline use), so that the
// first load carries the sign-in and the station picker only.
const FormPage = lazy(() => import("../forms/FormPage").then((module) => ({ default: module.FormPage })));
const NotePage = lazy(() => import("../notes/NotePage").then((module) => ({ default: module.NotePage })));
const OutboxPage = lazy(() => import("../outbox/OutboxPage").then((module) => ({ default: module.OutboxPage })));
const InboxPage = lazy(() => import("../inbox/InboxPage").then((module) => ({ default: module.InboxPage })));
const AccountPage = lazy(() => import("../session/AccountPage").then((module) => ({ default: module.AccountPage })));

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
