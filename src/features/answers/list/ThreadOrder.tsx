import { Button, Group, SegmentedControl, useMatches } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { OLDEST_UNHANDLED } from "./answer-list.config";

interface ThreadOrderProps {
  /** "" newest first, `oldestUnhandled` the unhandled urgent threads first, longest waiting first. */
  value: string;
  onChange: (sort: string) => void;
  onShowShortcuts: () => void;
}

/** The list's order, applied at once, and the way to the keyboard shortcuts. */
export function ThreadOrder({ value, onChange, onShowShortcuts }: ThreadOrderProps) {
  const { t } = useLingui();
  // Side by side the two orders need more than a phone's width.
  const orientation = useMatches<"vertical" | "horizontal">({ base: "vertical", sm: "horizontal" });
  return (
    <Group justify="space-between" gap="sm">
      <SegmentedControl
        orientation={orientation}
        aria-label={t({ message: "Order of the threads", comment: "Accessible name of the answers list's order switch" })}
        value={value === OLDEST_UNHANDLED ? OLDEST_UNHANDLED : "latest"}
        onChange={(order) => onChange(order === OLDEST_UNHANDLED ? OLDEST_UNHANDLED : "")}
        data={[
          { value: "latest", label: t({ message: "Latest first", comment: "Order of the answers list: newest change first" }) },
          { value: OLDEST_UNHANDLED, label: t({ message: "Oldest unhandled first", comment: "Order of the answers list: urgent threads nobody handles, longest waiting first" }) },
        ]}
      />
      <Button variant="subtle" size="compact-sm" onClick={onShowShortcuts}>
        <Trans comment="Button: show the keyboard shortcuts of the answers lists">Keyboard shortcuts (?)</Trans>
      </Button>
    </Group>
  );
}
