import { Checkbox, Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ListSort } from "../../shared/machines/list.machine";
import { ListSortHeader } from "../../shared/ui/ListSortHeader";
import type { Observer } from "./observer-list.actors";
import type { ObserverRowActions } from "./observer-list.row-actions";
import { ObserverRow } from "./ObserverRow";

interface ObserverTableProps extends ObserverRowActions {
  observers: Observer[];
  selectedIds: number[];
  allSelected: boolean;
  someSelected: boolean;
  showNgo: boolean;
  sort: ListSort;
  busy: boolean;
  onSort: (column: string) => void;
  onToggle: (id: number) => void;
  onToggleAll: () => void;
}

export function ObserverTable({ observers, selectedIds, allSelected, someSelected, showNgo, sort, busy, onSort, onToggle, onToggleAll, ...actions }: ObserverTableProps) {
  const { t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-busy={busy}>
        <Table.Caption>
          <Trans id="OBSERVERS">Observers</Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                checked={allSelected}
                indeterminate={someSelected}
                disabled={observers.length === 0}
                onChange={onToggleAll}
                aria-label={t({ message: "Select all observers on this page", comment: "Accessible label of the select-all checkbox" })}
              />
            </Table.Th>
            <ListSortHeader column="name" sort={sort} onSort={onSort}>
              <Trans id="NAME" comment="Label: a person's name">Name</Trans>
            </ListSortHeader>
            <Table.Th>
              <Trans id="PHONE" comment="Label: a phone number">Phone</Trans>
            </Table.Th>
            {showNgo ? (
              <Table.Th>
                <Trans id="NGO" comment="Column: the observer's organisation">NGO</Trans>
              </Table.Th>
            ) : null}
            <ListSortHeader column="lastSeen" sort={sort} onSort={onSort}>
              <Trans id="LAST_LOGIN" comment="Column: when the observer was last active">Last login</Trans>
            </ListSortHeader>
            <Table.Th>
              <Trans id="OBSERVER_POLLING_STATIONS" comment="Column: how many polling stations the observer visited">Polling stations</Trans>
            </Table.Th>
            <Table.Th>
              <Trans id="ACTIONS" comment="Column: buttons acting on the row">Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {observers.map((observer) => (
            <ObserverRow
              key={observer.id}
              observer={observer}
              selected={selectedIds.includes(observer.id)}
              showNgo={showNgo}
              onToggle={onToggle}
              {...actions}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
