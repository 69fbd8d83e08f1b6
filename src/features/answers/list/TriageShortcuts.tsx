import { Kbd, Modal, Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";

interface TriageShortcutsProps {
  opened: boolean;
  onClose: () => void;
}

/** The `?` help: every triage shortcut and what it does. */
export function TriageShortcuts({ opened, onClose }: TriageShortcutsProps) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    ["j", t({ message: "Next thread (turns the page at the end)", comment: "Keyboard shortcut help" })],
    ["k", t({ message: "Previous thread", comment: "Keyboard shortcut help" })],
    ["Enter", t({ message: "Open the thread", comment: "Keyboard shortcut help" })],
    ["c", t({ message: "Claim the open thread", comment: "Keyboard shortcut help" })],
    ["1", t({ message: "Set the open thread to New", comment: "Keyboard shortcut help" })],
    ["2", t({ message: "Set the open thread to In progress", comment: "Keyboard shortcut help" })],
    ["3", t({ message: "Resolve the open thread", comment: "Keyboard shortcut help" })],
    ["n", t({ message: "Write a comment on the open thread", comment: "Keyboard shortcut help" })],
    ["u", t({ message: "Undo the last state change", comment: "Keyboard shortcut help" })],
    ["?", t({ message: "Show these shortcuts", comment: "Keyboard shortcut help" })],
  ];
  return (
    <Modal opened={opened} onClose={onClose} title={t({ message: "Keyboard shortcuts", comment: "Title of the triage shortcuts help" })}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans comment="Column: a keyboard key">Key</Trans>
            </Table.Th>
            <Table.Th>
              <Trans comment="Column: what a keyboard key does">Action</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([key, action]) => (
            <Table.Tr key={key}>
              <Table.Td>
                <Kbd>{key}</Kbd>
              </Table.Td>
              <Table.Td>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
