/**
 * The address bar's query right now. A router navigation may still be rendering (it runs as a
 * transition, and typing or clicking defers it), so a change built on the last render's query could
 * undo the change before it; building on this one cannot.
 */
export function latestSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
