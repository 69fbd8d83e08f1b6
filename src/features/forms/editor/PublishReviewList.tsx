import type { ReactNode } from "react";
import { Badge, Group, List, Stack, Text, Title } from "@mantine/core";
import { Plural, Trans } from "@lingui/react/macro";
import { questionTitle } from "../preview/flagged-entries";
import type { OptionLabel, QuestionLabel } from "./form-publish-diff";

/** One kind of change (removed questions, renamed options, ...) as a titled list; nothing when it is empty. */
export function ChangeGroup<T>({ title, items, render }: { title: ReactNode; items: readonly T[]; render: (item: T) => ReactNode }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <List spacing={4} size="sm">
        {items.map((item, index) => (
          <List.Item key={index}>{render(item)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function QuestionName({ question }: { question: QuestionLabel }) {
  const name = questionTitle(question);
  const section = question.section;
  return (
    <>
      {name}{" "}
      <Text span size="xs" c="dimmed">
        <Trans comment="Publish review: the section a question is in">(section {section})</Trans>
      </Text>
    </>
  );
}

export function OptionName({ option }: { option: OptionLabel }) {
  const text = option.text;
  const question = questionTitle(option.question);
  return (
    <Trans comment="Publish review: an option and its question, e.g. “Yes” in A1. Were you let in?">
      “{text}” in {question}
    </Trans>
  );
}

/** How many answers an item has; null when the counts could not be read. */
export function AnswerBadge({ answers, removed = false }: { answers: number | null; removed?: boolean }) {
  if (answers === null) return null;
  return (
    <Badge variant="light" color={answers === 0 ? "gray" : removed ? "red" : "yellow"} size="sm" ml="xs">
      <Plural value={answers} _0="No answers" one="# answer" other="# answers" />
    </Badge>
  );
}

export function Row({ children, answers, removed }: { children: ReactNode; answers?: number | null; removed?: boolean }) {
  return (
    <Group gap={0} wrap="wrap" component="span">
      <span>{children}</span>
      {answers === undefined ? null : <AnswerBadge answers={answers} removed={removed} />}
    </Group>
  );
}
