import type { ReactNode } from "react";
import { Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

/** The frame of a screen that later work fills in: its title and an honest note, no fake data. */
export function ComingSoonPage({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <>
      <Title order={1}>{title}</Title>
      <Text mt="md">
        <Trans>This screen arrives in a later release.</Trans>
      </Text>
      {children}
    </>
  );
}
