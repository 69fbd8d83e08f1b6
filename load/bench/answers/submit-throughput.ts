// bench:answers' submit figure: the dataset's observers signed in, each sending one form's answers at a time.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { components } from "../../../openapi/schema.d.ts";
import { benchObservers } from "./dataset.ts";
import { percentile } from "../../support/latency.ts";

type Form = components["schemas"]["Form"];
type County = components["schemas"]["County"];
type AnswerInput = components["schemas"]["AnswerInput"];

/** A bench observer's token; a 429 (the server busy hashing PINs) is waited out as the app would. */
async function signInObserver(url: string, credentials: { phone: string; pin: string }): Promise<Record<string, string>> {
  for (;;) {
    const response = await fetch(`${url}/api/v2/access/observer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(credentials),
    });
    if (response.status === 429) {
      await response.arrayBuffer();
      await sleep(Number(response.headers.get("retry-after") ?? 1) * 1000);
      continue;
    }
    if (!response.ok) throw new Error(`observer sign-in answered ${response.status}`);
    return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
  }
}

async function getJson<T>(url: string, authorization: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers: authorization });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** One form's answers at one station: one option per question, about one in ten on a flagged option. */
function formAnswers(form: Form, county: County, round: number): AnswerInput[] {
  const pollingStationNumber = 1 + ((round * 7919) % county.limit);
  return form.formSections.flatMap((section) =>
    section.questions.map((question, index) => {
      const option = question.optionsToQuestions[(round + index) % question.optionsToQuestions.length];
      return { questionId: question.id, countyCode: county.code, pollingStationNumber, options: [{ optionId: option.idOption, value: option.isFreeText ? "Notă" : null }] };
    }),
  );
}

/**
 * `observers` observers signed in, each sending one published form's answers at a time (at a station of its
 * county) for `seconds`; the answers saved per second over all of them.
 */
export async function submitThroughput(url: string, observers: number, seconds: number) {
  const tokens: Record<string, string>[] = [];
  for (const credentials of benchObservers(observers)) tokens.push(await signInObserver(url, credentials));
  const counties = (await getJson<County[]>(`${url}/api/v1/polling-station?diaspora=false`, tokens[0])).filter((county) => county.limit > 0);
  const list = await getJson<{ formVersions: { id: number; diaspora: boolean }[] }>(`${url}/api/v1/form?draft=false&diaspora=false`, tokens[0]);
  const forms = await Promise.all(list.formVersions.map((summary) => getJson<Form>(`${url}/api/v1/form/${summary.id}`, tokens[0])));
  const times: number[] = [];
  let answers = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (authorization, observer) => {
      for (let round = observer * 1000; performance.now() < deadline; round++) {
        const batch = formAnswers(forms[round % forms.length], counties[observer % counties.length], round);
        const sent = performance.now();
        const response = await fetch(`${url}/api/v1/answers`, {
          method: "POST",
          headers: { "content-type": "application/json", ...authorization },
          body: JSON.stringify({ answers: batch }),
        });
        await response.arrayBuffer();
        if (response.status === 204) {
          answers += batch.length;
          times.push(performance.now() - sent);
        } else failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const batchSize = Math.round(forms.reduce((sum, form) => sum + form.formSections.reduce((count, section) => count + section.questions.length, 0), 0) / forms.length);
  return { answers, batches: times.length, batchSize, failures, perSecond: answers / elapsed, p95: percentile(times, 0.95) };
}
