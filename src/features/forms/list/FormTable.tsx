import type { ReactNode } from "react";
import { Table, VisuallyHidden } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";

interface FormTableProps {
  organizer: boolean;
  busy: boolean;
  /** The rows: a FormRow each, or a SortableFormRow each for organizers. */
  children: ReactNode;
}

/** The forms table: #, code, title, diaspora; organizers also see the drag handle, the draft flag and the actions. */
export function FormTable({ organizer, busy, children }: FormTableProps) {
  const { t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={640}>
      {/* Named for screen readers; a visible caption would repeat the page's title. */}
      <Table striped highlightOnHover aria-busy={busy} aria-label={t({ id: "FORMS", message: "Forms" })}>
        <Table.Thead>
          <Table.Tr>
            {organizer ? (
              <Table.Th>
                <VisuallyHidden>
                  <Trans comment="Column of the drag handles that move a form up or down">Move</Trans>
                </VisuallyHidden>
              </Table.Th>
            ) : null}
            <Table.Th>
              <Trans comment="Column: the form's position in the list">#</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: the form's code, e.g. A">Code</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: the form's title">Title</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: whether the form is only for polling stations abroad">Diaspora</Trans>
            </Table.Th>
            {organizer ? (
              <Table.Th>
                <Trans comment="Column: whether the form is a draft">Draft</Trans>
              </Table.Th>
            ) : null}
            {organizer ? (
              <Table.Th>
                <Trans id="ACTIONS">Actions</Trans>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
