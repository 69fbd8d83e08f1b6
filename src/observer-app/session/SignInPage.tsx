import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Container, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { useState, type FormEvent } from "react";
import { useServices } from "../app/services-context";
import { LanguageToggle } from "../i18n/LanguageToggle";
import { unsentCount } from "../outbox/outbox-item";
import { SignInErrorText } from "./SignInErrorText";

/** Phone and PIN, once online; the session then lasts the shift. Reports kept on the phone wait for it. */
export function SignInPage() {
  const { t } = useLingui();
  const { session, sync } = useServices();
  const signingIn = useSelector(session, (snapshot) => snapshot.matches("signingIn"));
  const error = useSelector(session, (snapshot) => snapshot.context.error);
  const knownPhone = useSelector(session, (snapshot) => snapshot.context.session?.phone ?? "");
  const waiting = useSelector(sync, (snapshot) => unsentCount(snapshot.context.items));
  const [phone, setPhone] = useState(knownPhone);
  const [pin, setPin] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: "signIn.submit", credentials: { phone: phone.trim(), pin } });
  };

  return (
    <Container size="xs" px="md" py="xl">
      <Stack component="main" gap="md">
        <LanguageToggle />
        <Title order={1} size="h2">
          <Trans>Vote Monitor: observers</Trans>
        </Title>
        {waiting > 0 ? (
          <Alert color="orange" title={t`Reports wait on this phone`}>
            <Plural value={waiting} one="# report is kept on this phone. Sign in again to send it." other="# reports are kept on this phone. Sign in again to send them." />
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t`Phone number`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              value={phone}
              onChange={(event) => setPhone(event.currentTarget.value)}
              data-autofocus
            />
            <PasswordInput label={t`PIN`} inputMode="numeric" autoComplete="current-password" required value={pin} onChange={(event) => setPin(event.currentTarget.value)} />
            {error ? (
              <Text c="red.9" role="alert">
                <SignInErrorText error={error} />
              </Text>
            ) : null}
            <Button type="submit" size="md" loading={signingIn} disabled={!phone.trim() || !pin}>
              <Trans>Sign in</Trans>
            </Button>
            <Text size="sm" c="dimmed">
              <Trans>Signing in needs the network once; after that the app works offline for the whole day.</Trans>
            </Text>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
