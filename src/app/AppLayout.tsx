import "@mantine/core/styles/AppShell.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Flex.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/notifications/styles.css";
import { Outlet } from "react-router";
import { AppShell, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useSelector } from "@xstate/react";
import { useSession } from "../features/session/session-context";
import { selectUserName } from "../features/session/session.selectors";
import { AppHeader, HEADER_COLLAPSE_BREAKPOINT } from "./AppHeader";
import { NavigationLinks } from "./NavigationLinks";

/** The signed-in shell, loaded lazily so the login screen does not pay for it. */
export function AppLayout() {
  const [navigationOpened, { toggle, close }] = useDisclosure(false);
  const userName = useSelector(useSession(), selectUserName);

  return (
    <ModalsProvider>
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
          <AppShell.Navbar p="md">
            <Text size="sm" fw={500} mb="md" hiddenFrom="sm">
              {userName}
            </Text>
            <NavigationLinks direction="column" gap="sm" onNavigate={close} />
          </AppShell.Navbar>
        ) : null}
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
