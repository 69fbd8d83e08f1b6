import { NavLink } from "react-router";
import { Anchor, VisuallyHidden } from "@mantine/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { activityLogLabel } from "../features/audit/audit.messages";
import { pollingStationsLabel } from "../features/polling-stations/polling-stations.messages";
import { useSession } from "../features/session/session-context";
import { selectIsOrganizer } from "../features/session/session.selectors";
import classes from "./navigation.module.css";
import { paths } from "../shared/paths";

const observerGuideUrl = import.meta.env.VITE_OBSERVER_GUIDE_URL ?? "https://votemonitor.org/ghid-observator.pdf";

type Destination =
  | { kind: "route"; to: string; label: MessageDescriptor; organizerOnly?: boolean }
  | { kind: "external"; href: string; label: MessageDescriptor };

const destinations: Destination[] = [
  {
    kind: "route",
    to: paths.ngos.href(),
    label: msg({ message: "NGOs", comment: "Non-governmental organisations, plural" }),
    organizerOnly: true,
  },
  { kind: "route", to: paths.urgents.href(), label: msg({ message: "Emergencies", comment: "Answers flagged urgent" }) },
  { kind: "route", to: paths.answers.href(), label: msg({ id: "ANSWERS", message: "Answers" }) },
  { kind: "route", to: paths.statistics.href(), label: msg({ id: "STATISTICS", message: "Statistics" }) },
  { kind: "route", to: paths.observers.href(), label: msg({ id: "OBSERVERS", message: "Observers" }) },
  { kind: "route", to: paths.pollingStations.href(), label: pollingStationsLabel },
  { kind: "external", href: observerGuideUrl, label: msg({ id: "OBSERVER_GUIDE", message: "Observer guide" }) },
  { kind: "route", to: paths.forms.href(), label: msg({ id: "FORMS", message: "Forms" }) },
  { kind: "route", to: paths.notifications.href(), label: msg({ id: "NOTIFICATIONS", message: "Notifications" }) },
  { kind: "route", to: paths.audit.href(), label: activityLogLabel, organizerOnly: true },
];

/**
 * The links to the sections of the back-office (NGOs and the activity log only for organizers); the caller provides
 * the labelled <nav> around them. The active section carries aria-current="page".
 */
export function NavigationLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const organizer = useSelector(useSession(), selectIsOrganizer);
  const visible = destinations.filter(
    (destination) => destination.kind === "external" || !destination.organizerOnly || organizer,
  );

  return visible.map((destination) =>
    destination.kind === "route" ? (
      <Anchor
        key={destination.to}
        component={NavLink}
        to={destination.to}
        className={classes.link}
        underline="never"
        onClick={onNavigate}
      >
        {i18n._(destination.label)}
      </Anchor>
    ) : (
      <Anchor
        key={destination.href}
        href={destination.href}
        target="_blank"
        rel="noopener noreferrer"
        className={classes.link}
        underline="never"
      >
        {i18n._(destination.label)}
        <VisuallyHidden>
          <Trans comment="Read by screen readers after a link label">(opens in a new tab)</Trans>
        </VisuallyHidden>
      </Anchor>
    ),
  );
}
