import { createStore } from "@xstate/store";

/** Keys of a user's choice: per account, so that another account signing in on this browser never inherits it. */
const tabKey = (account: string) => `electionRound:${account}`;
const userKey = tabKey;

const readId = (storage: Storage | undefined, key: string): number | null => {
  const id = Number(storage?.getItem(key));
  return Number.isInteger(id) && id > 0 ? id : null;
};

interface RoundChoice {
  account: string | null;
  /** The round the user chose in this tab (kept in the tab across reloads, and as the user's last choice). */
  chosenId: number | null;
  /** The round the server called current when this tab first asked for the rounds. */
  firstCurrentId: number | null;
  /**
   * Without a choice, once the user works in several rounds: that first current round, which calls keep naming, so
   * that a round started meanwhile by someone else does not take over screens loaded in the one shown.
   */
  currentId: number | null;
  /** Raised when this tab changed a round (started, archived, reopened, created): lists of rounds read again. */
  revision: number;
}

/**
 * The election round this tab works in. The API client names it on every call that works on one round
 * (src/api/client.ts), and the signed-in shell remounts the screens when the choice changes, so that everything
 * shown is of one round.
 */
const NO_CHOICE: RoundChoice = { account: null, chosenId: null, firstCurrentId: null, currentId: null, revision: 0 };

export const roundChoiceStore = createStore({
  context: NO_CHOICE,
  on: {
    /** Signed in: this tab's choice for this account, else the account's last choice on this browser. */
    accountKnown: (context, event: { account: string }) =>
      event.account === context.account
        ? context
        : {
            account: event.account,
            chosenId: readId(globalThis.sessionStorage, tabKey(event.account)) ?? readId(globalThis.localStorage, userKey(event.account)),
            firstCurrentId: null,
            currentId: null,
            revision: context.revision,
          },
    roundChosen: (context, event: { roundId: number | null }, enqueue) => {
      const { account } = context;
      if (account) {
        enqueue.effect(() => {
          for (const [storage, key] of [[globalThis.sessionStorage, tabKey(account)], [globalThis.localStorage, userKey(account)]] as const) {
            if (event.roundId === null) storage?.removeItem(key);
            else storage?.setItem(key, String(event.roundId));
          }
        });
      }
      // A choice dropped (a round the user no longer works in) lets the server's current round be asked for again.
      if (event.roundId !== null) return { ...context, chosenId: event.roundId };
      return { ...context, chosenId: null, firstCurrentId: null, currentId: null };
    },
    /** The rounds were read: the first current one is kept, and named by calls once there is another to drift to. */
    roundsKnown: (context, event: { currentId: number; several: boolean }) => {
      const firstCurrentId = context.firstCurrentId ?? event.currentId;
      return { ...context, firstCurrentId, currentId: event.several ? firstCurrentId : context.currentId };
    },
    roundsChanged: (context) => ({ ...context, revision: context.revision + 1 }),
  },
});

/** How often this tab changed a round: the switcher reads the rounds again on each change. */
export const selectRoundsRevision = (snapshot: { context: RoundChoice }) => snapshot.context.revision;

/** The round the user chose, which keys the shell's screens; null: the server's current round. */
export const selectChosenRoundId = (snapshot: { context: RoundChoice }) => snapshot.context.chosenId;

/** The round calls name: the chosen one, else the current one as first known; null until the rounds are known. */
export const selectRequestRoundId = (snapshot: { context: RoundChoice }) => snapshot.context.chosenId ?? snapshot.context.currentId;
