import { staffAct } from "../audit/record.ts";
import { scopeOf } from "../auth/scope.ts";
import { json, type AdminHandler, type AdminHandlers, type Handlers, type JsonResponseOf } from "../http/handler.ts";
import { streamRoundArchive } from "./archive/archive.ts";
import { findRound, listRounds } from "./read.ts";
import { changeRoundStatus, type RoundTransition } from "./status.ts";
import { createRound, updateRound } from "./write.ts";

/** Reads that observers make too: their app shows the rounds they report into. */
export const roundHandlers: Handlers = {
  listElectionRounds: async ({ principal, deps }) =>
    json(200, { rounds: await listRounds(deps.db, principal) } satisfies JsonResponseOf<"listElectionRounds", 200>),

  getElectionRound: async ({ path, principal, deps }) =>
    json(200, (await findRound(deps.db, principal, path.roundId)) satisfies JsonResponseOf<"getElectionRound", 200>),
};

const statusChange =
  (transition: RoundTransition): AdminHandler<"startElectionRound" | "archiveElectionRound" | "reopenElectionRound"> =>
  async ({ path, admin, deps }) => {
    await changeRoundStatus(deps.db, path.roundId, transition, staffAct(admin, deps.clock));
    return json(200, await findRound(deps.db, admin, path.roundId));
  };

/** Organizers make, change, start, archive and reopen rounds. */
export const roundAdminHandlers: AdminHandlers = {
  createElectionRound: async ({ body, admin, deps }) => {
    const id = await createRound(deps.db, body, staffAct(admin, deps.clock));
    return json(201, (await findRound(deps.db, admin, id)) satisfies JsonResponseOf<"createElectionRound", 201>);
  },

  updateElectionRound: async ({ path, body, admin, deps }) => {
    await updateRound(deps.db, path.roundId, body, staffAct(admin, deps.clock));
    return json(200, (await findRound(deps.db, admin, path.roundId)) satisfies JsonResponseOf<"updateElectionRound", 200>);
  },

  startElectionRound: statusChange("start"),
  archiveElectionRound: statusChange("archive"),
  reopenElectionRound: statusChange("reopen"),

  exportElectionRound: async ({ path, admin, deps }) => {
    const round = await findRound(deps.db, admin, path.roundId);
    const sources = { db: deps.db, files: deps.files, publicUrl: deps.config.publicUrl ?? "http://127.0.0.1:8080" };
    return new Response(streamRoundArchive(sources, round, scopeOf(admin), deps.clock()), {
      status: 200,
      headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="round-${round.id}.zip"` },
    });
  },
};
