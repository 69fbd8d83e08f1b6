import { Link } from "react-router";
import { Anchor, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

export function NotFoundPage() {
  return (
    <>
      <Title order={1}>
        <Trans>Page not found</Trans>
      </Title>
      <Text mt="md">
        <Trans>There is nothing at this address.</Trans>
      </Text>
      <Anchor component={Link} to="/" mt="md" display="inline-block">
        <Trans>Back to the start page</Trans>
      </Anchor>
    </>
  );
}
