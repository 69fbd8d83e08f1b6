import type { ReactNode } from "react";
import { Table } from "@mantine/core";

type RegionName = { "aria-label": string } | { "aria-labelledby": string };

/**
 * A table's scroll container for narrow screens that a keyboard user can scroll too: a table of plain text (nothing
 * focusable in it) would otherwise be a region only a pointer can scroll (axe: scrollable-region-focusable).
 */
export function KeyboardScrollContainer({ minWidth, children, ...name }: { minWidth: number; children: ReactNode } & RegionName) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", ...name } }}>
      {children}
    </Table.ScrollContainer>
  );
}
