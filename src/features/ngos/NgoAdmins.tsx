import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { usePageActor } from "../../shared/use-page-actor";
import { useApi } from "../../api/api-context";
import { resourceMachine } from "../../shared/machines/resource.machine";
import { selectIsLoading, selectLoadError } from "../../shared/machines/resource.selectors";
import { ListLoadError } from "../../shared/ui/ListLoadError";
import { ListLoading } from "../../shared/ui/ListLoading";
import { createNgoAdminListLoader } from "./ngo-list.actors";
import { NgoListLoadErrorText } from "./ngo-list.load-error";
import { selectNgoAdmins } from "./ngo-list.selectors";
import { useNgoAdminRemove } from "./ngo-admin.remove";
import { NgoAdminAdd } from "./NgoAdminAdd";
import { openNgoAdminPassword } from "./ngo-admin-password.open";

function formatCreated(value: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
}

/** The NGO's admin accounts (listNgoAdmins): add one, reset a password, remove one. Each change reloads the list. */
export function NgoAdmins({ ngoId }: { ngoId: number }) {
  const api = useApi();
  const { t, i18n } = useLingui();
  const list = usePageActor(resourceMachine, createNgoAdminListLoader(api, ngoId));
  const loading = useSelector(list, selectIsLoading);
  const error = useSelector(list, selectLoadError);
  const admins = useSelector(list, selectNgoAdmins);
  const reload = () => list.send({ type: "resource.reload" });

  const { confirmRemove, dialog } = useNgoAdminRemove(ngoId, reload);

  return (
    <Stack gap="sm" component="section" aria-labelledby="ngo-admins-title">
      <Title order={2} size="h3" id="ngo-admins-title">
        <Trans comment="Heading: the NGO's admin accounts">Admin accounts</Trans>
      </Title>
      {error ? <ListLoadError reason={<NgoListLoadErrorText error={error} />} onRetry={() => list.send({ type: "resource.retry" })} /> : null}
      {loading ? <ListLoading /> : null}
      {!error && !loading && admins.length === 0 ? (
        <Text c="dimmed" role="status">
          <Trans>This NGO has no admin accounts yet.</Trans>
        </Text>
      ) : null}
      {admins.length > 0 ? (
        <Table striped aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t({ message: "Account", comment: "Label: an admin's sign-in name" })}</Table.Th>
              <Table.Th>
                <Trans comment="Column: when the admin account was created">Created</Trans>
              </Table.Th>
              <Table.Th>
                <Trans id="ACTIONS">Actions</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {admins.map((admin) => {
              const account = admin.account;
              return (
                <Table.Tr key={admin.id}>
                  <Table.Th scope="row" fw={500}>
                    {admin.account}
                  </Table.Th>
                  <Table.Td>
                    <time dateTime={admin.createdAt}>{formatCreated(admin.createdAt, i18n.locale)}</time>
                  </Table.Td>
                  <Table.Td>
                    {/* On a phone the two buttons stack, so the table fits the screen. */}
                    <Group gap={4}>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => openNgoAdminPassword(admin, api)}
                        aria-label={t({ message: `Reset password of ${account}`, comment: "Accessible label of an admin row's reset button" })}
                      >
                        <Trans id="RESET_PASSWORD">Reset password</Trans>
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => confirmRemove(admin)}
                        aria-label={t({ message: `Remove ${account}`, comment: "Accessible label of an admin row's remove button" })}
                      >
                        <Trans comment="Button: remove an admin account">Remove</Trans>
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
      <NgoAdminAdd ngoId={ngoId} onAdded={reload} />
      {dialog}
    </Stack>
  );
}
