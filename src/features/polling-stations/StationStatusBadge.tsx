import { Badge } from "@mantine/core";
import { useLingui } from "@lingui/react";
import { statusLabels } from "./polling-stations.messages";
import type { PollingStationStatus } from "./polling-stations.types";

/** Active in green, retired in grey: the word says it, the colour only helps. */
export function StationStatusBadge({ status }: { status: PollingStationStatus }) {
  const { _ } = useLingui();
  return (
    <Badge color={status === "active" ? "green" : "gray"} variant="light" data-testid="station-status">
      {_(statusLabels[status])}
    </Badge>
  );
}
