import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Stack, Title } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { Link } from "react-router";
import { useServices } from "../app/services-context";

/** The round's published forms that fit the station (forms for abroad only at stations abroad). */
export function FormList({ abroad }: { abroad: boolean }) {
  const { t } = useLingui();
  const { store } = useServices();
  const forms = useSelector(store, (snapshot) => snapshot.context.forms);
  const shown = (forms?.forms ?? []).filter((form) => abroad || !form.diaspora);
  return (
    <Stack gap="sm" component="section" aria-label={t`Forms`}>
      <Title order={2} size="h4">
        <Trans>Forms</Trans>
      </Title>
      {forms === null ? (
        <Alert color="orange">
          <Trans>The forms are not on this phone yet: they arrive with the first sync.</Trans>
        </Alert>
      ) : null}
      {shown.map((form) => (
        <Button key={form.id} component={Link} to={`/forms/${form.id}`} variant="light" size="md" justify="space-between" fullWidth>
          {form.code}: {form.description}
        </Button>
      ))}
    </Stack>
  );
}
