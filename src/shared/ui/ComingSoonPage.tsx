import type { ReactNode } from "react";
import { Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";

interface ComingSoonPageProps {
  title: ReactNode;
  /** 2 when the page sits inside another page (a details outlet). */
  headingLevel?: 1 | 2;
  children?: ReactNode;
}

/** The frame of a screen that later work fills in: its title and an honest note, no fake data. */
export function ComingSoonPage({ title, headingLevel = 1, children }: ComingSoonPageProps) {
  return (
    <>
      {/* A details outlet's heading sits below its page's text: keep them apart. */}
      <Title order={headingLevel} mt={headingLevel === 2 ? "xl" : undefined}>
        {title}
      </Title>
      <Text mt="md">
        <Trans>This screen arrives in a later release.</Trans>
      </Text>
      {children}
    </>
  );
}
