import { createStore } from "@xstate/store";

/** Where a user's last choice is kept, per account: the next sign-in on this browser opens that round again. */
const storageKey = (account: string) => `electionRound:${account}`;
/** This tab's choice, which outlives a reload: two tabs may follow two rounds held on the same day. */
const TAB_KEY = "electionRound";

const readId = (storage: Storage | undefined, key: string): number | null => {
  const id = Number(storage?.getItem(key));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The election round this tab works in; null leaves it to the server (the user's current round). The API client
 * names it on every call that works on one round (src/api/client.ts), and the signed-in shell remounts the screen
 * when it changes, so that everything shown is of one round.
 */
export const roundChoiceStore = createStore({
  context: { roundId: readId(globalThis.sessionStorage, TAB_KEY), account: null as string | null },
  on: {
    /** The user signed in: this tab keeps its own choice, a new tab takes the user's last one. */
    accountKnown: (context, event: { account: string }) => ({
      account: event.account,
      roundId: context.roundId ?? readId(globalThis.localStorage, storageKey(event.account)),
    }),
    roundChosen: (context, event: { roundId: number | null }, enqueue) => {
      enqueue.effect(() => {
        const value = event.roundId === null ? null : String(event.roundId);
        for (const [storage, key] of [[globalThis.sessionStorage, TAB_KEY], [globalThis.localStorage, context.account && storageKey(context.account)]] as const) {
          if (!storage || !key) continue;
          if (value === null) storage.removeItem(key);
          else storage.setItem(key, value);
        }
      });
      return { ...context, roundId: event.roundId };
    },
  },
});

export const selectChosenRoundId = (snapshot: { context: { roundId: number | null } }) => snapshot.context.roundId;
