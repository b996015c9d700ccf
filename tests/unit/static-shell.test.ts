// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shellTemplateId, showStaticShell } from '@/features/shell/static-shell';

const indexHtml = readFileSync(join(__dirname, '../../src/index.html'), 'utf8');

/** The body of src/index.html (#root, #shell and the shell's templates), without its script. */
function loadPage(): { root: HTMLElement; shell: HTMLElement } {
  document.body.innerHTML = indexHtml
    .slice(indexHtml.indexOf('<body>') + '<body>'.length, indexHtml.indexOf('</body>'))
    .replace(/<script[^>]*><\/script>/, '');
  return { root: document.getElementById('root')!, shell: document.getElementById('shell')! };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shellTemplateId', () => {
  it.each([
    ['/', 'shell-auth'],
    ['/login', 'shell-auth'],
    ['/login/partner', 'shell-auth'],
    ['/register', 'shell-auth'],
    ['/forgot-password', 'shell-auth'],
    ['/reset-password/some-token', 'shell-auth'],
    ['/account/verification/some-code', 'shell-auth'],
    ['/dashboard', 'shell-app'],
    ['/create-campaign', 'shell-app'],
    ['/create-campaign/profile/some_creator', 'shell-app'],
    ['/campaigns', 'shell-app'],
    ['/campaign-history', 'shell-app'],
    ['/analytics/some_creator', 'shell-app'],
    ['/topup-balance', 'shell-app'],
    ['/transactions', 'shell-app'],
    ['/notifications', 'shell-app'],
    ['/support', 'shell-app'],
    ['/account', 'shell-app'],
    ['/error', 'shell-loading'],
    ['/topup', 'shell-loading'],
    ['/no-such-page', 'shell-loading'],
  ])('%s → %s', (pathname, id) => {
    expect(shellTemplateId(pathname)).toBe(id);
  });
});

describe('showStaticShell', () => {
  it("shows the page's frame, title and subtitle with a spinner", () => {
    const { root, shell } = loadPage();
    showStaticShell('/dashboard', shell, root);
    expect(shell.querySelector('h1')?.textContent).toBe('Campaign Dashboard');
    expect(shell.querySelector('h1 + p')?.textContent).toBe(
      'An overview of your promotion campaigns',
    );
    expect(shell.querySelector('.frame-top-bar')).not.toBeNull();
    expect(shell.querySelector('[role="status"]')?.textContent?.trim()).toBe('Loading...');
  });

  it('leaves the heading out for a page whose title it does not know', () => {
    const { root, shell } = loadPage();
    showStaticShell('/forgot-password', shell, root);
    expect(shell.querySelector('.frame-auth-card')).not.toBeNull();
    expect(shell.querySelector('h1')).toBeNull();
    expect(shell.querySelector('p')).toBeNull();
  });

  it('goes away once the app draws into #root', async () => {
    const { root, shell } = loadPage();
    showStaticShell('/login', shell, root);
    expect(shell.childElementCount).toBe(1);
    root.append(document.createElement('main'));
    await Promise.resolve();
    expect(shell.childElementCount).toBe(0);
  });
});
