// Mantine's whole stylesheet, loaded once with the signed-in shell: per-component imports kept missing pieces
// (InlineInput.css: checkbox labels under their boxes). Only the login route stays lean (root-styles.ts).
// First in the chunk, so the app's own CSS modules come after it and win.
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import { AppShell, Stack, Text } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useDisclosure } from "@mantine/hooks";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { useSelector } from "@xstate/react";
import { useSelector as useStoreSelector } from "@xstate/store-react";
import { roundChoiceStore, selectChosenRoundId } from "../shared/rounds/round-choice.store";
import { useLinkedRound } from "../shared/rounds/use-linked-round";
import { useSession } from "../features/session/session-context";
import { LiveProvider } from "../shared/live/LiveProvider";
import { selectIsOrganizer, selectUserName } from "../features/session/session.selectors";
import { AppHeader, HEADER_COLLAPSE_BREAKPOINT } from "./AppHeader";
import { LocaleSync } from "./LocaleSync";
import { ShellTheme } from "./ShellTheme";
import { NavigationLinks } from "./NavigationLinks";
import { RouteLoading } from "./RouteLoading";
import { RoundSwitcher } from "../features/rounds/RoundSwitcher";

/** The signed-in shell, loaded lazily so the login screen does not pay for it. */
export function AppLayout() {
  const [navigationOpened, { toggle, close }] = useDisclosure(false);
  const session = useSession();
  const userName = useSelector(session, selectUserName);
  const organizer = useSelector(session, selectIsOrganizer);
  const { t } = useLingui();
  // During the first render, not in an effect: the screens below start their loads in effects of their own, which
  // run before this component's, and must ask in this user's round. Only this component reads the store yet.
  useState(() => userName && roundChoiceStore.trigger.accountKnown({ account: userName }));
  const roundId = useStoreSelector(roundChoiceStore, selectChosenRoundId);
  const takingLinkedRound = useLinkedRound();

  if (takingLinkedRound) return null;
  return (
    <ShellTheme>
      <ModalsProvider>
        {/* Everything below is of one round: another round is a fresh live stream and fresh screens. */}
        <LiveProvider key={roundId ?? "current"}>
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
              <RoundSwitcher organizer={organizer} />
              <Suspense fallback={<RouteLoading />}>
                <Outlet />
              </Suspense>
            </AppShell.Main>
          </AppShell>
        </LiveProvider>
      </ModalsProvider>
    </ShellTheme>
  );
}
