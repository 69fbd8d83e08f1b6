import { Anchor, Table } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { paths } from "../../../shared/paths";
import { ListSortHeader } from "../../../shared/ui/ListSortHeader";
import type { Coverage } from "./coverage.actors";
import { BOARD_COLUMNS, measureOf, type CoverageFigureColumn, type CoverageRow } from "./coverage-board";
import type { CoverageColumn, CoverageSort } from "./coverage-sort.store";
import { COLUMN_LABELS } from "./coverage.messages";

interface CoverageBoardProps {
  rows: readonly CoverageRow[];
  totals: Coverage["totals"];
  /** The threshold the figures were computed with: the links ask for the same, so the lists match the numbers. */
  silentMinutes: number;
  sort: CoverageSort | null;
  onSort: (column: CoverageColumn) => void;
}

const UNSORTED = { by: "", direction: "asc" } as const;

function FigureCell({ row, column, silentMinutes }: { row: CoverageRow; column: CoverageFigureColumn; silentMinutes: number }) {
  const { i18n, t } = useLingui();
  const value = row[column];
  const measure = measureOf(column);
  const alarming = column === "silent" && value > 0;
  const label = i18n._(COLUMN_LABELS[column]);
  const county = row.countyName;
  const count = i18n.number(value);
  return (
    <Table.Td ta="right" bg={alarming ? "red.0" : undefined} data-column={column} data-highlighted={alarming || undefined}>
      {measure ? (
        <Anchor
          component={Link}
          to={paths.coverageStations.href(row.countyCode, measure, silentMinutes)}
          fw={alarming ? 700 : undefined}
          c={alarming ? "red.9" : undefined}
          aria-label={t({ message: `${label} in ${county}: ${count}`, comment: "A board number as a link, e.g. Silent in Cluj: 3" })}
        >
          {count}
        </Anchor>
      ) : (
        count
      )}
    </Table.Td>
  );
}

/** One row per county and a totals row; every county figure opens the stations it counts. */
export function CoverageBoard({ rows, totals, silentMinutes, sort, onSort }: CoverageBoardProps) {
  const { i18n, t } = useLingui();
  const header = (column: CoverageColumn) => (
    <ListSortHeader key={column} column={column} sort={sort ?? UNSORTED} onSort={(by) => onSort(by as CoverageColumn)}>
      {i18n._(COLUMN_LABELS[column])}
    </ListSortHeader>
  );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover data-testid="coverage-board" aria-label={t({ message: "Coverage by county", comment: "Accessible name of the coverage board" })}>
        <Table.Thead>
          <Table.Tr>
            {header("county")}
            {BOARD_COLUMNS.map(header)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.countyCode}>
              <Table.Th scope="row" fw={400}>
                {row.countyName}
              </Table.Th>
              {BOARD_COLUMNS.map((column) => (
                <FigureCell key={column} row={row} column={column} silentMinutes={silentMinutes} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">
              <Trans comment="Last row of the coverage board: the sum of the counties">Total</Trans>
            </Table.Th>
            {BOARD_COLUMNS.map((column) => (
              <Table.Td key={column} ta="right" data-column={column}>
                {i18n.number(column === "unobserved" ? totals.stations - totals.observed : totals[column])}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
