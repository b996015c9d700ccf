import { promptInstall, usePwaState } from '../../../lib/pwa';
import { Icon } from '../../../ui/icons';

/** Design §4: "Install app" where the browser offers it (`beforeinstallprompt`); hidden otherwise. */
export function InstallButton({ className }: { className?: string }) {
  const { canInstall } = usePwaState();
  if (!canInstall) return null;
  return (
    <button type="button" className={className} onClick={() => void promptInstall()}>
      <Icon name="plus" />
      Install app
    </button>
  );
}
