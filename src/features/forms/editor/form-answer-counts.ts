import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";

/** How many answers observers gave, by the server's ids; zero for whatever nobody answered. */
export interface AnswerCounts {
  question(questionId: number): number;
  option(questionId: number, idOption: number): number;
}

const optionKey = (questionId: number, idOption: number) => `${questionId}:${idOption}`;

/** The published form's answer counts (in the caller's NGO scope), for the publish review. */
export async function loadAnswerCounts(api: ApiClient, id: number, signal?: AbortSignal): Promise<AnswerCounts> {
  const counts = await expectData(api.GET("/api/v1/form/{id}/answer-counts", { params: { path: { id } }, signal }));
  const questions = new Map(counts.questions.map((row) => [row.questionId, row.answers]));
  const options = new Map(counts.options.map((row) => [optionKey(row.questionId, row.idOption), row.answers]));
  return {
    question: (questionId) => questions.get(questionId) ?? 0,
    option: (questionId, idOption) => options.get(optionKey(questionId, idOption)) ?? 0,
  };
}
