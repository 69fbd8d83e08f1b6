import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { buildWorld, type World } from "../fixtures/statistics-fixture.ts";

type StatisticsPage = components["schemas"]["StatisticsPage"];
type ThreadPage = components["schemas"]["AnswerThreadPage"];
type Method = components["schemas"]["StatisticsMethod"];

const tests = serverTests({ observers: 40 });

/** The answers list a row of each statistic links to: its county (and station), form, and urgents for irregularities. */
const links: Record<Method, { station: boolean; formCode?: string; urgent: boolean }> = {
  observerNumber: { station: false, urgent: false },
  countiesIrregularities: { station: false, urgent: true },
  pollingStationIrregularities: { station: true, urgent: true },
  countiesOpeningIrregularities: { station: false, formCode: "A", urgent: true },
  pollingStationOpeningIrregularities: { station: true, formCode: "A", urgent: true },
  countiesByCountingIrregularities: { station: false, formCode: "C", urgent: true },
  pollingStationsByCountingIrregularities: { station: true, formCode: "C", urgent: true },
};

describe.each(engines)("every statistic links to answers with the same total, on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let w = {} as World;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    w = await buildWorld(api);
  });

  const json = async <T>(path: string, token: string) => {
    const response = await api.get(path, token);
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  /*
   * The answers lists keep deleted observers' threads (their reports stay attributed) but count them in their totals
   * as the statistics do (not at all): a row's list total is exactly its value, although that list also shows them.
   */
  it.for(Object.keys(links) as Method[])("%s, over the seeded election and the fixture's", async (method) => {
    const link = links[method];
    let rowsChecked = 0;
    for (const [token, ngoId] of [[api.organizer, undefined], [api.ngo2Admin, 2], [w.x.admin, w.x.id]] as const) {
      const page = await json<StatisticsPage>(`/api/v1/statistics/${method}?pageSize=1000`, token);
      expect(page.data.length).toBeGreaterThan(0);
      for (const row of page.data) {
        const query = new URLSearchParams({ county: row.code!, pageSize: "1" });
        if (link.station) query.set("pollingStationNumber", row.label.split(" ")[1]!);
        if (link.formCode) query.set("formCode", link.formCode);
        if (link.urgent) query.set("urgent", "true");
        const { totals } = await json<ThreadPage>(`/api/v1/answers?${query}`, token);
        const total = method === "observerNumber" ? totals.observers : totals.flaggedAnswers;
        expect(total, `${method} ${row.label} for NGO ${ngoId ?? "all"}`).toBe(row.value);
        rowsChecked++;
      }
    }
    expect(rowsChecked).toBeGreaterThan(5);
  });
});
