import { Link } from '@tanstack/react-router';
import * as styles from '@/ui/auth-layout.css';

export function RegisterLink() {
  return (
    <>
      Don&apos;t have an account?{' '}
      <Link to="/register" className={styles.link}>
        Create an account
      </Link>
    </>
  );
}
