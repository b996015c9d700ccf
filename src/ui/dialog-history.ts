import { useEffect, useRef } from 'react';
import type { RouterHistory } from '@tanstack/react-router';

/**
 * Issue 31 point 6: Back (Android's button or gesture, the browser's) closes an open dialog instead
 * of leaving the page and what was typed in it.
 *
 * Each open dialog owns one history entry above the page's own: a copy of the page's state (same URL)
 * with a mark. It is pushed with History.prototype.pushState, under the router's patch of
 * history.pushState, so the router neither hears of it nor loads the page again. A popstate that
 * lands on the page's entries (its own or ours) is ours: a capturing listener on window stops it
 * before the router's, and the dialogs above the entry reached close. A dialog closed by its own
 * buttons or Escape gives its entry back with history.go(-n), whose popstate is stopped the same
 * way. Entries are counted after each change (in a microtask), so a dialog that hands over to the
 * next (Reactivate to New Package) keeps the one entry. The router's own navigations (a link, a
 * redirect, the tracker after a deletion) wait, through a blocker, until our entries are gone, so
 * that its entry takes their place instead of landing above them.
 */

const MARK = '__dialog';
/** How long a history.go of ours may take to answer before its entries are counted as gone. */
const RETURN_TIMEOUT_MS = 3000;

interface Mark {
  /** Which run of dialogs pushed it: a reload starts another, whose marks differ. */
  run: string;
  depth: number;
}

let open: { close: () => void }[] = [];
/** Our entries above the page's, as the browser has them. */
let depth = 0;
/** The router's key of the page's entry, and the mark of this run, while there is one. */
let page: { key: unknown; run: string } | null = null;
/** Waiting for the popstate of our own history.go, or null. */
let returning: (() => void)[] | null = null;
let reconcileQueued = false;
let listening = false;
let unblock: (() => void) | undefined;

type State = Record<string, unknown> | null;

const keyOf = (state: State) => state?.__TSR_key ?? state?.key ?? null;

/** The depth of the entry `state` among the page's entries (0: the page's own), or null. */
function depthOf(state: State): number | null {
  if (!page) return null;
  const mark = state?.[MARK] as Mark | undefined;
  if (mark?.run === page.run) return mark.depth;
  return keyOf(state) === page.key ? 0 : null;
}

function push(state: State, mark: Mark) {
  // The native method, not the router's patch: the router must not load the page again.
  History.prototype.pushState.call(window.history, { ...state, [MARK]: mark }, '');
}

function settled() {
  const waiting = returning ?? [];
  returning = null;
  for (const resolve of waiting) resolve();
}

/** Goes back `steps` of our entries; resolves once the browser is there (or a go is on its way). */
function goBack(steps: number): Promise<void> {
  return new Promise((resolve) => {
    if (returning) {
      returning.push(resolve);
      return;
    }
    returning = [resolve];
    const waiting = returning;
    // Never a navigation left waiting forever: a go that does not answer counts as done.
    setTimeout(() => {
      if (returning !== waiting) return;
      depth = Math.max(0, depth - steps);
      settled();
      queueReconcile();
    }, RETURN_TIMEOUT_MS);
    window.history.go(-steps);
  });
}

/** Nothing open, nothing of ours in the history: the router's navigations go as before. */
function idleIfDone() {
  if (open.length > 0 || depth > 0 || returning) return;
  page = null;
  unblock?.();
  unblock = undefined;
}

/** As many of our entries as open dialogs: pushes the missing ones, goes back over the extra. */
function reconcile() {
  reconcileQueued = false;
  if (returning) return;
  if (open.length > depth) {
    const state = window.history.state as State;
    page ??= { key: keyOf(state), run: Math.random().toString(36).slice(2) };
    while (depth < open.length) {
      depth += 1;
      push(state, { run: page.run, depth });
    }
  } else if (open.length < depth) {
    void goBack(depth - open.length);
  }
  idleIfDone();
}

function queueReconcile() {
  if (reconcileQueued) return;
  reconcileQueued = true;
  queueMicrotask(reconcile);
}

function onPopState(event: PopStateEvent) {
  if (!page) return;
  const reached = depthOf(event.state as State);
  if (reached === null) {
    // Back past the page's entries (a long press on Back, say): the router takes it from here.
    const closing = open.reverse();
    open = [];
    depth = 0;
    settled();
    idleIfDone();
    for (const dialog of closing) dialog.close();
    return;
  }
  event.stopImmediatePropagation();
  depth = reached;
  if (returning) settled();
  else {
    // The user's Back: the dialogs above the entry reached close, the newest first.
    for (const dialog of open.splice(reached).reverse()) dialog.close();
  }
  queueReconcile();
}

/**
 * Before the router's push or replace: our entries go first, so that the router's entry takes their
 * place. The dialogs still open lose theirs (their page is being left or changed).
 */
async function beforeRouterNavigation({ action }: { action: string }): Promise<boolean> {
  if (action === 'PUSH' || action === 'REPLACE') {
    open = [];
    while (returning || depth > 0) await goBack(depth);
    idleIfDone();
  }
  return false;
}

/** Gives `close` a history entry until the returned function is called (the dialog closed). */
function holdEntry(close: () => void, history: RouterHistory | undefined): () => void {
  if (!listening) {
    // Capturing: on window it runs before the router's own popstate listener.
    window.addEventListener('popstate', onPopState, true);
    listening = true;
  }
  unblock ??= history?.block({ blockerFn: beforeRouterNavigation, enableBeforeUnload: false });
  const dialog = { close };
  open.push(dialog);
  queueReconcile();
  return () => {
    const at = open.indexOf(dialog);
    if (at === -1) return;
    open.splice(at, 1);
    queueReconcile();
  };
}

/**
 * While `open`, Back calls `close` (the dialog's onOpenChange(false)) instead of leaving the page;
 * `history` is the router's, whose navigations then wait for the dialog's entry to go.
 */
export function useBackCloses(
  open: boolean,
  close: () => void,
  history: RouterHistory | undefined,
): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!open) return;
    return holdEntry(() => latest.current(), history);
  }, [open, history]);
}
