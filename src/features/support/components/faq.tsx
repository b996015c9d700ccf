import type { ReactNode } from 'react';
import { Icon } from '@/ui/icons';
import * as styles from './support.css';

/** One FAQ entry as a native disclosure (details/summary): keyboard and screen-reader ready. */
function FaqEntry({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className={styles.faqItem}>
      <summary className={styles.question}>
        {question}
        <Icon name="chevron" className={styles.chevron} />
      </summary>
      <div className={styles.answer}>{children}</div>
    </details>
  );
}

/** Spec §2 support center: the four FAQ entries, answered for this product's rules. */
export function Faq({ partnerName }: { partnerName: string }) {
  return (
    <div className={styles.faqList}>
      <FaqEntry question="How do I add a creator through a tracking link?">
        <p>
          New Campaign searches the creators listed on {partnerName}. If the creator you want to
          promote does not show up:
        </p>
        <ol>
          <li>Copy the creator&apos;s tracking link (their profile link on {partnerName}).</li>
          <li>Send it to us through chat support or e-mail, with the creator&apos;s username.</li>
          <li>
            We check that the profile is listed on {partnerName} and add it to the catalogue, then
            tell you it is ready.
          </li>
          <li>Search for the username on New Campaign and start the campaign as usual.</li>
        </ol>
      </FaqEntry>
      <FaqEntry question="How do I create a campaign?">
        <ol>
          <li>
            Make sure your balance is at least $100 (searching needs more than $90). Top it up on
            Topup Balance if needed.
          </li>
          <li>Open New Campaign and type at least 2 characters of the creator&apos;s name.</li>
          <li>
            Pick the creator, then an ad package: Main Categories ($0.80 a click), Site-Wide
            ($0.60), Category-Specific ($0.50, for one category other than Top, New, Popular and
            Free) or Main Categories 2nd tier ($0.40).
          </li>
          <li>
            Enter a deposit of at least $100. You buy deposit ÷ rate clicks, rounded down (at most
            10,000): $100 on Site-Wide buys 166 clicks.
          </li>
          <li>Create the campaign: the deposit is taken from your balance at once.</li>
        </ol>
        <p>
          Each click costs the package rate. You can top up a running campaign, or pause it: what is
          left of its budget goes straight back to your balance.
        </p>
      </FaqEntry>
      <FaqEntry question="How do I pay with ETH?">
        <ol>
          <li>On Topup Balance choose ETH and enter an amount from $100 to $10,000.</li>
          <li>
            We convert it at the current ETH/USD price. That price holds for 15 minutes: the
            countdown shows the time left to send.
          </li>
          <li>
            Send the ETH amount shown, on the Ethereum network only, to your own deposit address
            (copy both, or scan the QR code). The address is yours alone, so every payment to it is
            yours.
          </li>
          <li>
            That is all: your payment is found by itself within seconds of reaching the network, and
            added to your balance once the network has confirmed it enough times. The page shows
            each step. &quot;I Have Transferred Payment&quot;, with the address you sent from, only
            hurries the check.
          </li>
        </ol>
        <p>
          Parts add up: if a fee took some of it, send the rest to the same address before the 15
          minutes are up. A payment that arrives after Start Over or after the 15 minutes is still
          credited, at the ETH/USD price in force when it arrived. You can send from an exchange
          too, as long as it withdraws on the Ethereum (ERC-20) network. If less than the amount has
          arrived when the 15 minutes are up, the deposit ends as failed (underpaid) and what
          arrived is credited: underpaid transfers are non-refundable, no crypto is sent back.
        </p>
      </FaqEntry>
      <FaqEntry question="My transaction is stuck. What can I do?">
        <ul>
          <li>
            Open the deposit (View deposit on Transactions): its page updates by itself and shows
            whether your payment has been detected and how many confirmations it has.
          </li>
          <li>
            Nothing detected yet? Check your wallet: if the transfer itself is still pending there,
            speed it up with a higher network fee. Check too that it went to your deposit address,
            on the Ethereum network.
          </li>
          <li>
            A payment that arrived after the time ran out, or after Start Over, is still credited:
            Transactions lists it as paid late or as an unrequested payment.
          </li>
          <li>
            If your wallet shows the transfer as done and the deposit page still shows nothing,
            contact support with the transaction hash.
          </li>
        </ul>
      </FaqEntry>
    </div>
  );
}
