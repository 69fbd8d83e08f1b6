import { msg } from "@lingui/core/macro";

/** Messages that many screens say the same way: one source text, one translation. */
export const commonMessages = {
  cannotReachServer: msg`Cannot reach the server. Check your connection and try again.`,
  notAllowed: msg`You are not allowed to do this.`,
};
