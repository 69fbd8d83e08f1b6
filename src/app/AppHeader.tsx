import { Link } from "react-router";
import { Anchor, AppShell, Burger, Button, Group, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useSession } from "../features/session/session-context";
import { selectUserName } from "../features/session/session.selectors";
import { LiveIndicator } from "../shared/live/LiveIndicator";
import { useUrgentCountTitle } from "../shared/live/use-urgent-title";
import { useUnhandledUrgentCount } from "../shared/live/use-live";
import { PRODUCT_NAME } from "../shared/product";
import { LanguageSwitch } from "./LanguageSwitch";
import { NavigationLinks } from "./NavigationLinks";
import classes from "./navigation.module.css";

/**
 * Below this width the links move behind the burger, into the shell's navbar (navigation.module.css holds the same
 * width). From it up to xl (88em) they are drawn compact: narrower gaps, and the live dot without its word while
 * all is well. Nine sections in Romanian need 1,414 px in full and 1,285 px compact, so 1,366 px laptops keep them.
 */
export const HEADER_COLLAPSE_BREAKPOINT = "84em";

interface AppHeaderProps {
  navigationOpened: boolean;
  onToggleNavigation: () => void;
}

export function AppHeader({ navigationOpened, onToggleNavigation }: AppHeaderProps) {
  const { t } = useLingui();
  const session = useSession();
  const userName = useSelector(session, selectUserName);
  useUrgentCountTitle(useUnhandledUrgentCount());

  return (
    <AppShell.Header>
      <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={navigationOpened}
            onClick={onToggleNavigation}
            className={classes.burger}
            size="sm"
            aria-expanded={navigationOpened}
            aria-label={
              navigationOpened
                ? t({ message: "Close the menu", comment: "Accessible label of the burger button" })
                : t({ message: "Open the menu", comment: "Accessible label of the burger button" })
            }
          />
          <Anchor component={Link} to="/" fw={700} fz="lg" c="blue.9" underline="never" style={{ whiteSpace: "nowrap" }}>
            {PRODUCT_NAME}
          </Anchor>
        </Group>
        <Group
          component="nav"
          aria-label={t({ message: "Main navigation", comment: "Accessible name of the list of sections" })}
          className={classes.navigation}
          wrap="nowrap"
          // Each link as wide as its label: Mantine's default caps every child at an equal share of the row.
          preventGrowOverflow={false}
        >
          <NavigationLinks />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <LiveIndicator />
          <Text size="sm" fw={500} visibleFrom="sm" data-testid="user-name">
            {userName}
          </Text>
          <LanguageSwitch />
          <Button variant="default" size="xs" onClick={() => session.send({ type: "session.logout" })}>
            <Trans id="LOGOUT">Logout</Trans>
          </Button>
        </Group>
      </Group>
    </AppShell.Header>
  );
}
