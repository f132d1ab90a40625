/** Selections are bounded so that one submission never fans out into an unbounded number of calls. */
export const MAX_BULK_SELECTION = 50;
