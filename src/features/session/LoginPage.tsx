import type { FormEvent } from "react";
import { Button, Container, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { PRODUCT_NAME } from "../../shared/product";
import { LoginErrorText } from "./LoginErrorText";
import { useSession } from "./session-context";
import { selectIsAuthenticating, selectLoginError } from "./session.selectors";

const textOf = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export function LoginPage() {
  const { t } = useLingui();
  const session = useSession();
  const authenticating = useSelector(session, selectIsAuthenticating);
  const loginError = useSelector(session, selectLoginError);
  const productName = PRODUCT_NAME;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    session.send({
      type: "login.submit",
      user: textOf(form.get("user")).trim(),
      password: textOf(form.get("password")),
    });
  }

  // Both fields are required (native validation, announced by screen readers); with every field required,
  // asterisks would add nothing but noise to the field names.
  return (
    <Container component="main" size={440} py="xl">
      <Title order={1} ta="center" size="h2">
        <Trans>Welcome to {productName}</Trans>
      </Title>
      <Paper component="form" onSubmit={submit} withBorder shadow="sm" radius="md" p="lg" mt="lg">
        <Stack>
          <Title order={2} size="h3">
            <Trans id="LOGIN">Login</Trans>
          </Title>
          <TextInput
            name="user"
            label={t({ id: "PHONE_NUMBER", message: "Phone number" })}
            autoComplete="username"
            required
            withAsterisk={false}
            autoFocus
          />
          <PasswordInput
            name="password"
            label={t({ id: "PASSWORD", message: "Password" })}
            autoComplete="current-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{
              "aria-label": t({ message: "Show or hide the password", comment: "Accessible label of the eye icon" }),
            }}
          />
          {loginError ? (
            <Text c="red.9" role="alert">
              <LoginErrorText error={loginError} />
            </Text>
          ) : null}
          {/* Not Mantine's `loading`, which disables the button: a new attempt must stay possible and cancel this one. */}
          <Button
            type="submit"
            fullWidth
            aria-busy={authenticating}
            leftSection={authenticating ? <Loader size={16} color="white" data-testid="login-loader" /> : null}
          >
            <Trans id="LOGIN">Login</Trans>
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
