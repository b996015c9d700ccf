import { Icon } from '@/ui/icons';
import { promptInstall, useCanInstall } from '../install-offer';

/** Design §4: "Install app" where the browser offers it (`beforeinstallprompt`); hidden otherwise. */
export function InstallButton({ className }: { className?: string }) {
  if (!useCanInstall()) return null;
  return (
    <button type="button" className={className} onClick={() => void promptInstall()}>
      <Icon name="plus" />
      Install app
    </button>
  );
}
