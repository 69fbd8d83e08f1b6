import { describe, expect, it } from "vitest";
import { createApiClient } from "../../../api/client";
import { ApiError } from "../../../api/problem";
import { startTestServer } from "../../../../tests/support/test-server";
import { loadAnswerCounts } from "./form-answer-counts";

async function organizerApi() {
  const server = await startTestServer({ seed: "demo", observers: 20 });
  const token = await server.tokenFor("0700000001");
  const api = createApiClient({ baseUrl: "http://localhost", fetch: server.fetch, getToken: () => token, onUnauthorized: () => {} });
  return { server, api };
}

describe("loadAnswerCounts on the real server", () => {
  it("looks up the demo answers by question and by option, zero for what nobody answered", async () => {
    const { server, api } = await organizerApi();
    const form = await server.db.selectFrom("form").select("id").where("code", "=", "A").executeTakeFirstOrThrow();
    // What the database holds, counted here independently of the server's query.
    const chosen = await server.db
      .selectFrom("answer")
      .innerJoin("questionOption", "questionOption.id", "answer.optionId")
      .innerJoin("question", "question.id", "questionOption.questionId")
      .innerJoin("formSection", "formSection.id", "question.sectionId")
      .select(["question.id as questionId", "questionOption.id as optionId", "answer.observerId", "answer.pollingStationId"])
      .where("formSection.formId", "=", form.id)
      .execute();
    expect(chosen.length).toBeGreaterThan(0);

    const counts = await loadAnswerCounts(api, form.id);

    const first = chosen[0]!;
    const sheets = new Set(chosen.filter((row) => row.questionId === first.questionId).map((row) => `${row.observerId}/${row.pollingStationId}`));
    expect(counts.question(first.questionId)).toBe(sheets.size);
    expect(counts.option(first.questionId, first.optionId)).toBe(chosen.filter((row) => row.optionId === first.optionId).length);
    expect(counts.question(2_000_000_000)).toBe(0);
    expect(counts.option(first.questionId, 2_000_000_000)).toBe(0);
  });

  it("fails with the server's problem for an unknown form", async () => {
    const { api } = await organizerApi();
    await expect(loadAnswerCounts(api, 999_999)).rejects.toMatchObject({ status: 404, code: "not_found" } satisfies Partial<ApiError>);
  });
});
