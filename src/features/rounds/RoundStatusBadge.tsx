import { Badge } from "@mantine/core";
import { useLingui } from "@lingui/react";
import { roundStatusLabels } from "./rounds.messages";
import type { ElectionRound } from "./rounds.actors";

const COLORS: Record<ElectionRound["status"], string> = { preparing: "yellow", active: "green", archived: "gray" };

/** The round's status in a word; the colour only helps. */
export function RoundStatusBadge({ status }: { status: ElectionRound["status"] }) {
  const { _ } = useLingui();
  return (
    <Badge color={COLORS[status]} variant="light" size="sm" data-testid="round-status">
      {_(roundStatusLabels[status])}
    </Badge>
  );
}
