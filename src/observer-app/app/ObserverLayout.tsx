import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Container, Group, Loader, Text } from "@mantine/core";
import { Suspense } from "react";
import { useSelector } from "@xstate/react";
import { NavLink, Outlet } from "react-router";
import { unsentCount } from "../outbox/outbox-item";
import { SyncStatus } from "../outbox/SyncStatus";
import { LanguageToggle } from "../i18n/LanguageToggle";
import { useServices } from "./services-context";
import classes from "./observer-layout.module.css";

/** Every screen: the app's name and the sync state on top, the four places at the thumb's reach below. */
export function ObserverLayout() {
  const { t } = useLingui();
  const { sync } = useServices();
  const unsent = useSelector(sync, (snapshot) => unsentCount(snapshot.context.items));
  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} c="white">
            Vote Monitor
          </Text>
          <LanguageToggle />
        </Group>
        <SyncStatus />
      </header>
      <main className={classes.main}>
        <Container size="xs" px="sm" py="md">
          <Suspense fallback={<Loader aria-label={t`Loading`} />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>
      <nav className={classes.nav} aria-label={t`Main`}>
        <NavLink to="/" end className={classes.link}>
          <Trans>Station</Trans>
        </NavLink>
        <NavLink to="/outbox" className={classes.link}>
          <Trans>Outbox</Trans>
          {unsent > 0 ? (
            <Badge size="sm" color="orange" variant="filled" ml={4} aria-label={t`${unsent} not sent yet`}>
              {unsent}
            </Badge>
          ) : null}
        </NavLink>
        <NavLink to="/inbox" className={classes.link}>
          <Trans>Messages</Trans>
        </NavLink>
        <NavLink to="/account" className={classes.link}>
          <Trans>Account</Trans>
        </NavLink>
      </nav>
    </div>
  );
}
