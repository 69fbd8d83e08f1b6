import { Table } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import type { Ngo } from "./ngos.actors";
import type { NgoRowActions } from "./ngo-list.row-actions";
import { NgoRow } from "./NgoRow";

interface NgoTableProps extends NgoRowActions {
  ngos: Ngo[];
  busy: boolean;
}

export function NgoTable({ ngos, busy, ...actions }: NgoTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-busy={busy}>
        <Table.Caption>
          <Trans comment="Non-governmental organisations, plural">NGOs</Trans>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans id="NAME">Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: the NGO's short name or acronym">Short name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: whether the NGO organizes the observation">Organizer</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: whether the NGO is active (its people can sign in)">Active</Trans>
            </Table.Th>
            <Table.Th>
              <Trans id="ACTIONS">Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ngos.map((ngo) => (
            <NgoRow key={ngo.id} ngo={ngo} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
