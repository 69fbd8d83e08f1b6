import type { ReactNode } from "react";
import { Table, UnstyledButton, Group } from "@mantine/core";
import type { ListSort } from "../machines/list.machine";
import { ListSortAscendingIcon, ListSortDescendingIcon, ListUnsortedIcon } from "./ListIcons";

interface ListSortHeaderProps {
  column: string;
  sort: ListSort;
  onSort: (column: string) => void;
  children: ReactNode;
}

/** A column header whose button sorts by the column; `aria-sort` tells screen readers the current order. */
export function ListSortHeader({ column, sort, onSort, children }: ListSortHeaderProps) {
  const sorted = sort.by === column;
  const ariaSort = sorted ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
  const Icon = sorted ? (sort.direction === "asc" ? ListSortAscendingIcon : ListSortDescendingIcon) : ListUnsortedIcon;
  return (
    <Table.Th aria-sort={ariaSort}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon width={14} height={14} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
