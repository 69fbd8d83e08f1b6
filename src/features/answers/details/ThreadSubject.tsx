import { Link } from "react-router";
import { Anchor, Text } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { paths } from "../../../shared/paths";
import { stationPlace } from "../../../shared/station-place";
import { selectSubject, type TriagePanelActor } from "./triage";

/**
 * Who sent the thread's answers and from which station, with the station's place: "Ana Pop · CJ 15 — Cluj-Napoca,
 * Str. Onisifor Ghibu nr. 21", the station a link to its page. Read from the triage load, so that a thread opened from
 * a link (not on the list's page) is named too; nothing until that load answers.
 */
export function ThreadSubject({ triage }: { triage: TriagePanelActor }) {
  const subject = useSelector(triage, selectSubject);
  if (!subject) return null;
  const { idPollingStation, observerName, pollingStationName } = subject;
  const place = stationPlace(subject);
  const station = (
    <Anchor component={Link} to={paths.pollingStation.href(idPollingStation)}>
      {pollingStationName}
    </Anchor>
  );
  return (
    <Text fw={500} data-testid="thread-subject">
      {place ? (
        <Trans comment="Who sent an answer thread, from which polling station (a link) and where the station is, e.g. 'Ana Pop · CJ 15 — Cluj-Napoca, Str. Onisifor Ghibu nr. 21'">
          {observerName} · {station} — {place}
        </Trans>
      ) : (
        <Trans comment="Who sent an answer thread and from which polling station (a link), e.g. 'Ana Pop · CJ 15'; the station's place is unknown">
          {observerName} · {station}
        </Trans>
      )}
    </Text>
  );
}
