import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link } from "react-router";
import { useCurrentAccount } from "../../../shared/account/account-context";
import { selectIsDialogOpen } from "../../../shared/machines/mutation.selectors";
import { paths } from "../../../shared/paths";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { ListPagination } from "../../../shared/ui/ListPagination";
import { useFormDelete } from "./form-delete.mutation";
import { useFormExport } from "./form-export.mutation";
import { FormImport } from "./FormImport";
import { FormListLoadErrorText } from "./form-list.load-error";
import { useFormListActor } from "./form-list.page";
import {
  type FormListRow,
  pageRows,
  selectCanGoNext,
  selectCanGoPrevious,
  selectCanReorder,
  selectForms,
  selectIsLoading,
  selectIsRefreshing,
  selectIsSavingOrder,
  selectLoadError,
  selectOrderActor,
  selectPage,
  selectPageSize,
  selectShownIds,
} from "./form-list.selectors";
import { FormDelete } from "./FormDelete";
import { FormReorder } from "./FormReorder";
import { FormRow } from "./FormRow";
import { FormTable } from "./FormTable";
import { SortableFormRow } from "./SortableFormRow";

/** /formulare: every form in its saved order, ten to a page; organizers add, import, edit, export, delete and reorder them. */
export function FormList() {
  const { organizer } = useCurrentAccount();
  const list = useFormListActor();
  const loading = useSelector(list, selectIsLoading);
  const refreshing = useSelector(list, selectIsRefreshing);
  const error = useSelector(list, selectLoadError);
  const forms = useSelector(list, selectForms);
  const page = useSelector(list, selectPage);
  const pageSize = useSelector(list, selectPageSize);
  const canGoNext = useSelector(list, selectCanGoNext);
  const canGoPrevious = useSelector(list, selectCanGoPrevious);
  const canReorder = useSelector(list, selectCanReorder);
  const order = useSelector(list, selectOrderActor);
  const shownIds = useSelector(order, selectShownIds);
  const savingOrder = useSelector(order, selectIsSavingOrder);
  const deletion = useFormDelete(() => list.send({ type: "list.reload" }));
  // From the question until the answer: a move meanwhile could save an order that names a form being deleted.
  const deleting = useSelector(deletion, selectIsDialogOpen);

  const rows = pageRows(forms, shownIds, page, pageSize);
  const exporting = useFormExport();
  const actions = {
    onDelete: (form: FormListRow) => deletion.send({ type: "mutation.start", request: form }),
    onExport: (form: FormListRow) => exporting.send({ type: "mutation.start", request: form }),
    deleteDisabled: savingOrder || deleting,
  };
  const move = (activeId: number, overId: number) =>
    list.send({ type: "order.move", from: shownIds.indexOf(activeId), to: shownIds.indexOf(overId) });
  const first = rows[0]?.index ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>
          <Trans id="FORMS">Forms</Trans>
        </Title>
        {organizer ? (
          <Group gap="xs">
            <FormImport />
            <Button component={Link} to={paths.formNew.href()}>
              <Trans comment="Button: create a new form">Add form</Trans>
            </Button>
          </Group>
        ) : null}
      </Group>
      {error ? (
        <ListLoadError reason={<FormListLoadErrorText error={error} />} onRetry={() => list.send({ type: "list.retry" })} />
      ) : loading ? (
        <ListLoading />
      ) : rows.length === 0 ? (
        <Text c="dimmed" role="status">
          <Trans>There are no forms yet.</Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          {organizer ? (
            // The drag context wraps the table: its screen-reader texts are elements, which a table body cannot hold.
            <FormReorder rows={rows} total={forms.length} onMove={move}>
              <FormTable organizer busy={refreshing}>
                {rows.map((form) => (
                  <SortableFormRow key={form.id} form={form} moveDisabled={!canReorder || deleting} {...actions} />
                ))}
              </FormTable>
            </FormReorder>
          ) : (
            <FormTable organizer={false} busy={refreshing}>
              {rows.map((form) => (
                <FormRow key={form.id} form={form} organizer={false} {...actions} />
              ))}
            </FormTable>
          )}
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {savingOrder ? <Trans>Saving the new order…</Trans> : null}
          </Text>
          <ListPagination
            from={first}
            to={first + rows.length - 1}
            total={forms.length}
            canGoPrevious={canGoPrevious}
            canGoNext={canGoNext}
            onPrevious={() => list.send({ type: "page.previous" })}
            onNext={() => list.send({ type: "page.next" })}
          />
        </Stack>
      )}
      <FormDelete mutation={deletion} />
    </Stack>
  );
}
