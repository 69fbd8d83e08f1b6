import "@mantine/core/styles/AppShell.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/notifications/styles.css";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { AppShell, Stack, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useDisclosure } from "@mantine/hooks";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useSelector } from "@xstate/react";
import { useSession } from "../features/session/session-context";
import { selectUserName } from "../features/session/session.selectors";
import { AppHeader, HEADER_COLLAPSE_BREAKPOINT } from "./AppHeader";
import { LocaleSync } from "./LocaleSync";
import { ShellTheme } from "./ShellTheme";
import { NavigationLinks } from "./NavigationLinks";
import { RouteLoading } from "./RouteLoading";

/** The signed-in shell, loaded lazily so the login screen does not pay for it. */
export function AppLayout() {
  const [navigationOpened, { toggle, close }] = useDisclosure(false);
  const userName = useSelector(useSession(), selectUserName);
  const { t } = useLingui();

  return (
    <ShellTheme>
      <ModalsProvider>
        <LocaleSync />
        <Notifications position="top-right" autoClose={5000} />
        <AppShell
          header={{ height: 60 }}
          navbar={{
            width: 280,
            breakpoint: HEADER_COLLAPSE_BREAKPOINT,
            collapsed: { mobile: !navigationOpened, desktop: true },
          }}
          padding="md"
        >
          <AppHeader navigationOpened={navigationOpened} onToggleNavigation={toggle} />
          {navigationOpened ? (
            <AppShell.Navbar
              p="md"
              aria-label={t({ message: "Main navigation", comment: "Accessible name of the list of sections" })}
            >
              <Text size="sm" fw={500} mb="md" hiddenFrom="sm">
                {userName}
              </Text>
              <Stack gap="sm" align="flex-start">
                <NavigationLinks onNavigate={close} />
              </Stack>
            </AppShell.Navbar>
          ) : null}
          <AppShell.Main>
            <Suspense fallback={<RouteLoading />}>
              <Outlet />
            </Suspense>
          </AppShell.Main>
        </AppShell>
      </ModalsProvider>
    </ShellTheme>
  );
}
