import { Plural, Trans } from "@lingui/react/macro";
import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { useServices } from "../app/services-context";
import { unsentCount } from "../outbox/outbox-item";

/** Who is signed in, and signing out, which waits until the phone holds nothing unsent. */
export function AccountPage() {
  const { session, sync } = useServices();
  const phone = useSelector(session, (snapshot) => snapshot.context.session?.phone ?? "");
  const refusedSignOut = useSelector(session, (snapshot) => snapshot.context.signOutRefused);
  const unsent = useSelector(sync, (snapshot) => unsentCount(snapshot.context.items));
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        <Trans>Account</Trans>
      </Title>
      <Text>
        <Trans>Signed in as {phone}.</Trans>
      </Text>
      {refusedSignOut !== null && unsent > 0 ? (
        <Alert color="orange" role="alert" title={<Trans>You cannot sign out yet</Trans>}>
          <Plural
            value={unsent}
            one="# item is not on the server yet: signing out would lose it. Send it first (see the outbox), or save the outbox to a file."
            other="# items are not on the server yet: signing out would lose them. Send them first (see the outbox), or save the outbox to a file."
          />
        </Alert>
      ) : null}
      <Button variant="default" onClick={() => session.send({ type: "signOut.request", unsent })}>
        <Trans>Sign out</Trans>
      </Button>
    </Stack>
  );
}
