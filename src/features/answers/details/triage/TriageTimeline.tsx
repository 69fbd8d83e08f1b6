import { List, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { OutlineIcon } from "../../../../shared/ui/ListIcons";
import { formatLocalDateTime } from "../details.format";
import type { TriagePanelActor } from "./thread-triage.machine";
import * as select from "./triage.selectors";
import type { TimelineEntry } from "./triage.types";
import { TimelineEntryText } from "./TimelineEntryText";

const iconPaths: Record<TimelineEntry["kind"], string> = {
  answers: "M9 11l3 3l8-8M20 12v6a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h9",
  note: "M4 4h16v12h-6l-4 4v-4H4z",
  state: "M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 11a1 1 0 1 0 0 2a1 1 0 1 0 0-2",
  claim: "M12 3l8 4v5c0 5-3.5 8-8 9c-4.5-1-8-4-8-9V7z",
  takeover: "M7 7h10v10M7 17L17 7",
  release: "M5 12h14",
  lapse: "M12 7v5l3 3M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18",
  comment: "M3 20l1.3-3.9a9 8 0 1 1 3.4 2.9z",
};

/** hh:mm in the user's time zone, the full date in the title. */
function EntryTime({ at }: { at: string }) {
  const full = formatLocalDateTime(at);
  return (
    <Text component="time" size="xs" c="dimmed" dateTime={at} title={full}>
      {full.slice(11)}
    </Text>
  );
}

/** The thread's timeline, oldest first: answers, notes, state changes, claims and comments. */
export function TriageTimeline({ actor }: { actor: TriagePanelActor }) {
  const { t } = useLingui();
  const timeline = useSelector(actor, select.selectTimeline);
  if (timeline.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>Nothing has happened on this thread yet.</Trans>
      </Text>
    );
  }
  return (
    <List aria-label={t`Timeline`} listStyleType="none" spacing="sm" center={false}>
      {timeline.map((entry) => (
        <List.Item key={entry.id} icon={<OutlineIcon path={iconPaths[entry.kind]} />}>
          <EntryTime at={entry.at} />
          <TimelineEntryText entry={entry} />
        </List.Item>
      ))}
    </List>
  );
}
