import { Card, Checkbox, Group, Stack, Text } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Ngo } from "./ngos.actors";
import type { NgoRowActions } from "./ngo-list.row-actions";
import { NgoActionsMenu, OrUnspecified } from "./NgoRow";

interface NgoCardsProps extends NgoRowActions {
  ngos: Ngo[];
}

/** The NGO list on a phone: one card per NGO with the table's columns, its flags labelled beside their boxes. */
export function NgoCards({ ngos, ...actions }: NgoCardsProps) {
  const { t } = useLingui();
  return (
    <Stack component="ul" gap="sm" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t({ message: "NGOs", comment: "Non-governmental organisations, plural" })}>
      {ngos.map((ngo) => {
        const name = ngo.name.trim() === "" ? t({ id: "UNSPECIFIED", message: "unspecified" }) : ngo.name;
        return (
          <Card key={ngo.id} withBorder component="li" aria-label={name}>
            <Stack gap="xs">
              <div>
                <Text fw={600}>
                  <OrUnspecified value={ngo.name} />
                </Text>
                <Text size="sm">
                  <OrUnspecified value={ngo.shortName} />
                </Text>
              </div>
              <Group gap="lg">
                <Checkbox checked={ngo.organizer} readOnly aria-readonly label={<Trans comment="Column: whether the NGO organizes the observation">Organizer</Trans>} />
                <Checkbox checked={ngo.isActive} readOnly aria-readonly label={<Trans comment="Column: whether the NGO is active (its people can sign in)">Active</Trans>} />
              </Group>
              <NgoActionsMenu ngo={ngo} name={name} {...actions} />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
