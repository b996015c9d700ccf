import Bowser from 'bowser';

/** The browser and operating system a User-Agent header names, each null when it names none. */
export interface BrowserAndSystem {
  browser: string | null;
  system: string | null;
}

// bowser names an unknown browser by the header's own first words ("Click evil.example/1.0" gives
// "Click evil.example"): only the names it knows are shown, so the header, which anyone signing in
// writes, can never put words of its own into the sessions list or the new-browser mail.
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

/**
 * Reads a User-Agent header with bowser (MIT, no dependencies, kept up to date with new browsers)
 * for the sessions list and the new-browser mail (issue 16 point 7). The header is the client's
 * word: it names a session for its owner and decides nothing.
 */
export function describeUserAgent(userAgent: string | null): BrowserAndSystem {
  // bowser refuses an empty header.
  if (!userAgent?.trim()) return { browser: null, system: null };
  const { browser, os } = Bowser.parse(userAgent);
  return {
    browser: browser.name && KNOWN_BROWSERS.has(browser.name) ? browser.name : null,
    system: os.name && KNOWN_SYSTEMS.has(os.name) ? os.name : null,
  };
}
