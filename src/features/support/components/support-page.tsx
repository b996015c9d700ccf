import { usePublicConfig } from '@/lib/public-config';
import { buttonClass } from '@/ui/button';
import { Card, PageHeader } from '@/ui/card';
import { Spinner } from '@/ui/spinner';
import { Faq } from './faq';
import * as styles from './support.css';

/** /support (spec §2): chat support and e-mail links (settings, GET /api/config) and the FAQ. */
export function SupportPage() {
  const config = usePublicConfig();
  return (
    <>
      <PageHeader title="Support Center" subtitle="We are here to help" />
      <div className={styles.stack}>
        {config.data ? (
          <div className={styles.contacts}>
            <Card title="Chat Support">
              <p className={styles.contactText}>Talk to our team for quick answers.</p>
              <a
                href={config.data.links.chatSupport}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass('primary')}
              >
                Open Chat Support
              </a>
            </Card>
            <Card title="Email Support">
              <p className={styles.contactText}>
                Write to {config.data.links.supportEmail} with your username and, for a payment, its
                transaction hash.
              </p>
              <a
                href={`mailto:${config.data.links.supportEmail}`}
                className={buttonClass('secondary')}
              >
                Send an Email
              </a>
            </Card>
          </div>
        ) : (
          <Spinner label="Loading contacts..." />
        )}
        <Card title="Frequently Asked Questions">
          <Faq partnerName={config.data?.partnerName ?? 'the partner site'} />
        </Card>
      </div>
    </>
  );
}
