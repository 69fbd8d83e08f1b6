// The soak's staff: signed in a few at a time, then each browsing look after look until the soak stops.
import { createApi, createGate, emptyTally, expectOk } from "../support/api.ts";
import type { SoakStaff } from "./people.ts";
import type { Recorder } from "./recorder.ts";
import { between, chooseLook, openUrgents, type Screen } from "./staff-looks.ts";

/** A person in the situation room: the next look (or triage) a few seconds after the last one ended. */
const THINK_MS = { min: 3_000, max: 8_000 };
const SIGN_INS_AT_ONCE = 8;
const SIGN_IN_RETRIES = 20;

export interface StaffSession { staff: SoakStaff; token: string }

/** Signs every staff account in, a few at a time (admin passwords are hashed at full cost). */
export async function signInStaff(url: string, staff: SoakStaff[], recorder: Recorder): Promise<StaffSession[]> {
  const gate = createGate(SIGN_INS_AT_ONCE);
  const api = createApi(url, undefined, { pace: async () => {}, tally: emptyTally(), signal: new AbortController().signal, retries: SIGN_IN_RETRIES, observe: recorder.observer("other") });
  return Promise.all(
    staff.map((member) =>
      gate(async () => {
        const body = { user: member.account, password: member.password };
        return { staff: member, token: expectOk("authorize", await api.POST("/api/v2/access/authorize", { body })).access_token };
      }),
    ),
  );
}

/** Browses until `stop`: a look, a pause, the next look. A failed look is counted and the person goes on. */
export async function browse(url: string, session: StaffSession, recorder: Recorder, sleep: (milliseconds: number) => Promise<void>): Promise<void> {
  const [reads, writes] = [recorder.observer("staff read"), recorder.observer("staff write")];
  const api = createApi(url, session.token, {
    pace: async () => {},
    tally: emptyTally(),
    signal: new AbortController().signal,
    observe: (request, outcome, milliseconds) => (request.method === "GET" ? reads : writes)(request, outcome, milliseconds),
  });
  const screen: Screen = { api, url, recorder, counties: [], since: new Date(), threads: [], urgents: [] };
  // The first look comes within one pause of the start, so that the sessions do not all look at once.
  let pause = Math.random() * THINK_MS.max;
  for (;;) {
    try {
      await sleep(pause);
    } catch {
      return; // stopped
    }
    pause = between(THINK_MS);
    await (screen.counties.length === 0 ? openTriageRoom(screen) : chooseLook()(screen)).catch((error: unknown) => recorder.failure(error, "staff look"));
  }
}

/** Signed in, the room opens on the urgents, with the counties for the filters. */
async function openTriageRoom(screen: Screen) {
  screen.counties = expectOk("listCounties", await screen.api.GET("/api/v1/polling-station", {})).map((county) => county.code);
  await openUrgents(screen);
}
