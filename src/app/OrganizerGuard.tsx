import { Outlet } from "react-router";
import { Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { useSession } from "../features/session/session-context";
import { selectIsOrganizer } from "../features/session/session.selectors";

/** NGO management, the form editor and the activity log belong to organizers; others get an explanation instead of a blank page. */
export function OrganizerGuard() {
  const organizer = useSelector(useSession(), selectIsOrganizer);
  if (organizer) return <Outlet />;
  return (
    <>
      <Title order={1}>
        <Trans>Organizers only</Trans>
      </Title>
      <Text mt="md">
        <Trans>
          This screen is reserved for staff of the organizing NGOs. Ask an organizer if you need a change here.
        </Trans>
      </Text>
    </>
  );
}
