import { Link } from '@tanstack/react-router';
import { Icon } from '@/ui/icons';
import * as styles from './topup.css';

/** Spec §2: the Need Help link to the support center. */
export function HelpLink() {
  return (
    <Link to="/support" className={styles.help}>
      <Icon name="help" /> Need Help? Contact support
    </Link>
  );
}
