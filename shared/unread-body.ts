/**
 * The most of an unread request body the Worker reads to its end: more than the largest upload the
 * API takes (a 15 MB photo with its multipart framing).
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Reads to its end a request body that nothing read (an answer given before the body mattered: a
 * refused origin, a missing token, another host's id, a too-large declared length).
 *
 * workerd closes a connection whose request body was left unread. Locally, the dev server and
 * `vite preview` reach workerd through a pooled HTTP client that may already have picked that
 * connection for the next request, which then fails with a 500 (docs/decisions/017). Reading the
 * rest keeps the connection reusable. A body beyond the limit is cancelled instead: that client
 * only gets its connection closed.
 */
export async function discardUnreadBody(request: Request, limit = DRAIN_LIMIT_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  try {
    for (let read = 0; read <= limit; ) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away while sending; there is nothing left to keep.
  } finally {
    reader.releaseLock();
  }
}
