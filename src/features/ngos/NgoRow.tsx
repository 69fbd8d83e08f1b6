import type { ReactNode } from "react";
import { ActionIcon, Button, Checkbox, Group, Menu, Table, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { ListMoreIcon } from "../../shared/ui/ListIcons";
import type { Ngo } from "./ngos.actors";
import { ngoEditPath, type NgoRowActions } from "./ngo-list.row-actions";

interface NgoRowProps extends NgoRowActions {
  ngo: Ngo;
}

/** A value the NGO left empty shows as 'unspecified'. */
export function OrUnspecified({ value }: { value: string }): ReactNode {
  return value.trim() === "" ? (
    <Text span c="dimmed" size="sm">
      <Trans id="UNSPECIFIED" comment="An empty value in a table cell">unspecified</Trans>
    </Text>
  ) : (
    value
  );
}

export function NgoRow({ ngo, ...actions }: NgoRowProps) {
  const { t } = useLingui();
  const name = ngo.name.trim() === "" ? t({ id: "UNSPECIFIED", message: "unspecified" }) : ngo.name;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <OrUnspecified value={ngo.name} />
      </Table.Th>
      <Table.Td>
        <OrUnspecified value={ngo.shortName} />
      </Table.Td>
      <Table.Td>
        <Checkbox
          checked={ngo.organizer}
          readOnly
          aria-readonly
          aria-label={t({ message: `${name} is an organizer`, comment: "Accessible label of the read-only organizer checkbox of a row" })}
        />
      </Table.Td>
      <Table.Td>
        <Checkbox
          checked={ngo.isActive}
          readOnly
          aria-readonly
          aria-label={t({ message: `${name} is active`, comment: "Accessible label of the read-only active checkbox of a row" })}
        />
      </Table.Td>
      <Table.Td>
        <NgoActionsMenu ngo={ngo} name={name} {...actions} />
      </Table.Td>
    </Table.Tr>
  );
}

interface NgoActionsMenuProps extends NgoRowActions {
  ngo: Ngo;
  name: string;
}

/** Edit as the main action, the flags and Delete in a dropdown (keyboard: Enter opens it, arrows move, Escape closes). */
export function NgoActionsMenu({ ngo, name, onToggleActive, onToggleOrganizer, onDelete, changingNgoId }: NgoActionsMenuProps) {
  const { t } = useLingui();
  const changing = changingNgoId !== null;
  return (
    <Group gap={4} wrap="nowrap">
      <Button component={Link} to={ngoEditPath(ngo)} size="xs" variant="light">
        <Trans id="EDIT">Edit</Trans>
      </Button>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            loading={changingNgoId === ngo.id}
            aria-label={t({ message: `More actions for ${name}`, comment: "Accessible label of a row's actions menu button" })}
          >
            <ListMoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onToggleActive(ngo)} disabled={changing}>
            {ngo.isActive ? (
              <Trans comment="Menu item: deactivate the NGO">Make inactive</Trans>
            ) : (
              <Trans comment="Menu item: activate the NGO">Make active</Trans>
            )}
          </Menu.Item>
          <Menu.Item onClick={() => onToggleOrganizer(ngo)} disabled={changing}>
            {ngo.organizer ? (
              <Trans comment="Menu item: the NGO stops being an organizer">Remove organizer</Trans>
            ) : (
              <Trans comment="Menu item: the NGO becomes an organizer">Make organizer</Trans>
            )}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => onDelete(ngo)} disabled={changingNgoId === ngo.id}>
            <Trans id="DELETE">Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
