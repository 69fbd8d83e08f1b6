import type { CSSProperties, ReactNode, Ref } from "react";
import { ActionIcon, Button, Group, Menu, Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../../shared/paths";
import { ListMoreIcon } from "../../../shared/ui/ListIcons";
import { DiasporaIcon, DraftIcon } from "./FormListIcons";
import type { FormListRow } from "./form-list.selectors";

/** What a row can do with its form; the list page decides how. Only organizers get actions. */
export interface FormRowActions {
  onDelete: (form: FormListRow) => void;
  onExport: (form: FormListRow) => void;
  /** A delete is asked or runs, or the order is being saved: every Delete waits. */
  deleteDisabled: boolean;
}

interface FormRowProps extends FormRowActions {
  form: FormListRow;
  organizer: boolean;
  /** The drag handle (organizers only), placed in the first cell. */
  handle?: ReactNode;
  rowRef?: Ref<HTMLTableRowElement>;
  style?: CSSProperties;
}

export function FormRow({ form, organizer, handle, rowRef, style, ...actions }: FormRowProps) {
  const { t } = useLingui();
  return (
    <Table.Tr ref={rowRef} style={style}>
      {organizer ? <Table.Td w={48}>{handle}</Table.Td> : null}
      <Table.Td>{form.index}</Table.Td>
      <Table.Th scope="row" fw={500}>
        {form.code}
      </Table.Th>
      <Table.Td>{form.description}</Table.Td>
      <Table.Td>
        {form.diaspora ? <DiasporaIcon label={t({ message: "Diaspora only", comment: "Icon: the form is only for polling stations abroad" })} /> : null}
      </Table.Td>
      {organizer ? (
        <Table.Td>{form.draft ? <DraftIcon label={t({ message: "Draft", comment: "Icon: the form is a draft, not published" })} /> : null}</Table.Td>
      ) : null}
      {organizer ? (
        <Table.Td>
          <FormActionsMenu form={form} {...actions} />
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** Edit as the main action, Export and Delete in a dropdown (keyboard: Enter opens it, arrows move, Escape closes). */
function FormActionsMenu({ form, onDelete, onExport, deleteDisabled }: FormRowActions & { form: FormListRow }) {
  const { t } = useLingui();
  const code = form.code;
  return (
    <Group gap={4} wrap="nowrap">
      <Button component={Link} to={paths.form.href(form.id)} size="xs" variant="light">
        <Trans id="EDIT">Edit</Trans>
      </Button>
      <Menu position="bottom-end" withinPortal={false}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t({ message: `More actions for form ${code}`, comment: "Accessible label of a row's actions menu button; {code} is the form's code" })}
          >
            <ListMoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onExport(form)}>
            <Trans comment="Menu item: download the form as a JSON file">Export (JSON)</Trans>
          </Menu.Item>
          <Menu.Item color="red" onClick={() => onDelete(form)} disabled={deleteDisabled}>
            <Trans id="DELETE">Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
