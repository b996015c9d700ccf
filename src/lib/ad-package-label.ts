import { formatMoney } from '../shared/money';

/**
 * Spec §2 "options show name, per-click rate and ranks": a package as every package choice names it
 * (the create form's and the New Package dialog's), e.g. `Site-Wide — $0.60/click — ranks 6-10`.
 * Apart from format.ts, whose module the dashboard's first load carries: only those two forms need it.
 */
export function adPackageLabel(adPackage: { name: string; click_rate: number; ranks: string }) {
  return `${adPackage.name} — ${formatMoney(adPackage.click_rate)}/click — ranks ${adPackage.ranks}`;
}
