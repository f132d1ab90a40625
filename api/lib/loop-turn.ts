/**
 * Lets the runtime's event loop turn: a stream that reads the database page by page waits for this
 * before each page (decision 035's addendum). Locally D1 answers in the Worker's own thread, so a
 * stream that asked for its next page as soon as the last was sent never let the loop wait: its
 * timers (a connection's keep-alive among them) stood still and all fired once a long download
 * ended, closing the connection of the request that came next (a 500). A timer is only served when
 * the loop turns, so waiting for one hands the loop back once a page. In production D1 is a network
 * call and the loop waits anyway; this costs one turn per page.
 */
export const loopTurn = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
