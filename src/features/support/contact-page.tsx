import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Screen } from '../../components/screen.tsx';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import panel from '../../components/ui/panel.module.css';
import { useLocale, useTranslation } from '../../i18n/index.ts';
import { PendingActions } from '../../components/outbox-marks.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { POLICIES, SUPPORT_EMAIL, type PolicyDocument } from './policies.ts';
import styles from './contact.module.css';

type SectionId = 'contact' | 'feedback' | 'privacy' | 'terms';

/**
 * /contactUs: how to reach us, the feedback form (#feedback), the privacy policy (#privacy) and the
 * terms of service (#terms); the sign-up form and the desktop footer link to the last two.
 */
export function ContactPage() {
  const { t } = useTranslation();
  const policies = POLICIES[useLocale()];
  const hash = useRouterState({ select: (s) => s.location.hash });

  // The section the address names, also when this page's chunk arrived after the navigation settled.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash))?.scrollIntoView();
  }, [hash]);

  const sections: { id: SectionId; label: string }[] = [
    { id: 'contact', label: t('support.contactHeading') },
    { id: 'feedback', label: t('support.feedbackTitle') },
    { id: 'privacy', label: t('support.privacyTitle') },
    { id: 'terms', label: t('support.termsTitle') },
  ];

  return (
    <Screen title={t('support.contactTitle')} className={styles.page} testId="contact-page">
      <div className={styles.layout}>
        <nav aria-label={t('support.onThisPage')} className={styles.toc}>
          <ul className={`${chip.row} ${styles.tocList}`}>
            {sections.map((s) => (
              <li key={s.id}>
                <Link to="/contactUs" hash={s.id} activeOptions={{ includeHash: true }} className={`${chip.quiet} ${hit.area} ${styles.tocLink}`}>
                  {s.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/FAQ" className={`${chip.quiet} ${hit.area} ${styles.tocLink}`}>
                {t('support.faqTitle')}
              </Link>
            </li>
          </ul>
        </nav>

        <div className={styles.main}>
          <section id="contact" className={`${panel.panel} ${styles.section}`} aria-labelledby="contact-heading">
            <h2 id="contact-heading" className={styles.heading}>
              {t('support.contactHeading')}
            </h2>
            <dl className={styles.facts}>
              <div className={styles.fact}>
                <dt>{t('support.email')}</dt>
                <dd>
                  <a href={`mailto:${SUPPORT_EMAIL}`} className={styles.link} data-testid="support-email">
                    {SUPPORT_EMAIL}
                  </a>
                </dd>
              </div>
              <div className={styles.fact}>
                <dt>{t('support.hours')}</dt>
                <dd>{t('support.hoursValue')}</dd>
              </div>
            </dl>
            <p className={styles.note}>{t('support.replyTime')}</p>
            <p className={styles.note}>
              {t('support.faqHint')}{' '}
              <Link to="/FAQ" className={styles.link}>
                {t('support.faqTitle')} →
              </Link>
            </p>
          </section>

          <section id="feedback" className={`${panel.panel} ${styles.section}`} aria-labelledby="feedback-heading" data-testid="feedback-section">
            <h2 id="feedback-heading" className={styles.heading}>
              {t('support.feedbackTitle')}
            </h2>
            <p className={styles.note}>{t('support.feedbackIntro')}</p>
            <PendingActions kind="feedback" className={styles.pending} />
            <FeedbackForm />
          </section>

          <Policy id="privacy" title={t('support.privacyTitle')} doc={policies.privacy} />
          <Policy id="terms" title={t('support.termsTitle')} doc={policies.terms} />
        </div>
      </div>
    </Screen>
  );
}

/** A policy as plain text: its date, introduction, then numbered sections of paragraphs and lists. */
function Policy({ id, title, doc }: { id: SectionId; title: string; doc: PolicyDocument }) {
  const { t } = useTranslation();
  return (
    <section id={id} className={`${panel.panel} ${styles.section} ${styles.policy}`} aria-labelledby={`${id}-heading`} data-testid={`policy-${id}`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {title}
      </h2>
      <p className={styles.updated}>{t('support.updated', { date: doc.updated })}</p>
      <p>{doc.intro}</p>
      {doc.sections.map((section) => (
        <div key={section.heading} className={styles.part}>
          <h3 className={styles.partHeading}>{section.heading}</h3>
          {section.paragraphs?.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {section.items ? (
            <ul className={styles.items}>
              {section.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </section>
  );
}
