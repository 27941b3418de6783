import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { FaqCategory, FaqEntry } from '../../../protocol/support-api.ts';
import { FAQ_KEYWORD_MAX } from '../../../protocol/support-api.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { Screen } from '../../components/screen.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import button from '../../components/ui/button.module.css';
import chip from '../../components/ui/chip.module.css';
import hit from '../../components/ui/hit-area.module.css';
import panel from '../../components/ui/panel.module.css';
import hidden from '../../components/ui/visually-hidden.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { Highlighted } from '../../components/highlighted.tsx';
import { paragraphsOf } from '../../lib/text.ts';
import { useFaqCategories, useFaqList } from './api/faq.ts';
import styles from './faq.module.css';

/** How long typing pauses before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/**
 * /FAQ?cate=&q=: the questions by category, searched as one types (the keyword and the category live
 * in the address, so back and a shared link keep them), each answer opening in place.
 */
export function FaqPage({ cateId, keyword }: { cateId: number | undefined; keyword: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const searchId = useId();
  const categories = useFaqCategories();
  const list = useFaqList(cateId, keyword);
  const [text, setText] = useState(keyword);
  // The keyword the page last saw in the address and the one it last put there itself: a change it
  // made is not read back into the box (typing goes on meanwhile), one from back or a link is.
  const [sync, setSync] = useState({ keyword, sent: keyword });
  if (keyword !== sync.keyword) {
    setSync({ keyword, sent: keyword });
    if (keyword !== sync.sent) setText(keyword);
  }
  const latest = useRef({ cateId, keyword });
  useEffect(() => {
    latest.current = { cateId, keyword };
  });
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout> }>({});
  useEffect(() => {
    const typing = pending.current;
    return () => clearTimeout(typing.timer);
  }, []);

  const go = (next: { cate: number | undefined; q: string }) => {
    clearTimeout(pending.current.timer);
    setSync((s) => ({ ...s, sent: next.q }));
    router.history.replace(hrefOf('/FAQ', { cate: next.cate, q: next.q }));
  };

  /** The box changed: the list follows once typing pauses. */
  const type = (value: string) => {
    setText(value);
    clearTimeout(pending.current.timer);
    pending.current.timer = setTimeout(() => {
      const q = value.trim();
      if (q !== latest.current.keyword) go({ cate: latest.current.cateId, q });
    }, SEARCH_DELAY_MS);
  };

  const current = categories.data?.find((c) => c.id === cateId);
  const names = new Map((categories.data ?? []).map((c) => [c.id, c.name]));
  const total = list.data?.pages[0]?.total;

  return (
    <Screen title={t('support.faqTitle')} className={styles.page} testId="faq-page">
      <form
        className={`${panel.panel} ${styles.hero}`}
        role="search"
        aria-label={t('support.searchLabel')}
        onSubmit={(e) => (e.preventDefault(), go({ cate: cateId, q: text.trim() }))}
      >
        <label htmlFor={searchId} className={hidden.visuallyHidden}>
          {t('support.searchLabel')}
        </label>
        <span className={styles.searchIcon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          value={text}
          maxLength={FAQ_KEYWORD_MAX}
          placeholder={t('support.searchPlaceholder')}
          enterKeyHint="search"
          autoComplete="off"
          onChange={(e) => type(e.target.value)}
          data-testid="faq-search"
        />
        {text ? (
          <button type="button" className={styles.clear} aria-label={t('support.clearSearch')} onClick={() => (setText(''), go({ cate: cateId, q: '' }))}>
            ×
          </button>
        ) : null}
      </form>

      <nav aria-label={t('support.categories')} className={styles.categories}>
        {categories.isPending ? (
          <Loading className={chip.row}>
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className={styles.chipSkeleton} />
            ))}
          </Loading>
        ) : (
          <ul className={chip.row} data-testid="faq-categories">
            <li>
              <button
                type="button"
                className={`${chip.chip} ${hit.area}`}
                aria-pressed={cateId === undefined}
                onClick={() => go({ cate: undefined, q: text.trim() })}
                data-testid="faq-category"
              >
                {t('support.all')}
              </button>
            </li>
            {(categories.data ?? []).map((c) => (
              <li key={c.id}>
                <CategoryChip category={c} pressed={cateId === c.id} onPress={() => go({ cate: c.id, q: text.trim() })} />
              </li>
            ))}
          </ul>
        )}
      </nav>

      <p className={styles.count} aria-live="polite" data-testid="faq-count">
        {keyword && total !== undefined && total > 0
          ? current
            ? t('support.resultsIn', { count: total, name: current.name })
            : t('support.results', { count: total })
          : ''}
      </p>

      <PagedList
        query={list}
        label={t('support.listLabel')}
        loading={
          <Loading className={styles.groups} testId="faq-loading">
            <FaqItemSkeleton />
            <FaqItemSkeleton />
            <FaqItemSkeleton />
            <FaqItemSkeleton />
            <FaqItemSkeleton />
          </Loading>
        }
        failedTitle={t('support.failed')}
        empty={
          keyword ? (
            <div data-testid="faq-empty">
              <EmptyState
                title={t('support.noResults')}
                description={t('support.noResultsHint')}
                action={
                  <Link to="/contactUs" hash="feedback" className={button.primary}>
                    {t('support.askUs')}
                  </Link>
                }
              />
            </div>
          ) : (
            <EmptyState title={t('support.empty')} />
          )
        }
      >
        {(entries) => (
          <div className={styles.groups} data-testid="faq-list">
            {groupsOf(entries, cateId === undefined).map((group) => (
              <FaqGroup
                key={`${group.cateId}-${group.entries[0]!.id}`}
                title={group.titled ? names.get(group.cateId) : undefined}
                entries={group.entries}
                keyword={keyword}
              />
            ))}
          </div>
        )}
      </PagedList>

      {keyword && total === 0 ? null : (
        <section className={`${panel.panel} ${styles.more}`} aria-labelledby={`${searchId}-more`}>
          <div>
            <h2 id={`${searchId}-more`} className={styles.moreTitle}>
              {t('support.notAnswered')}
            </h2>
            <p className={styles.moreHint}>{t('support.notAnsweredHint')}</p>
          </div>
          <div className={styles.moreActions}>
            <Link to="/contactUs" hash="feedback" className={button.primary} data-testid="faq-feedback-link">
              {t('support.askUs')}
            </Link>
            <Link to="/contactUs" className={button.button}>
              {t('support.contactTitle')}
            </Link>
          </div>
        </section>
      )}
    </Screen>
  );
}

function CategoryChip({ category, pressed, onPress }: { category: FaqCategory; pressed: boolean; onPress: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${chip.chip} ${hit.area}`}
      aria-pressed={pressed}
      aria-label={t('support.categoryCount', { name: category.name, count: category.questionCount })}
      onClick={onPress}
      data-testid="faq-category"
    >
      {category.name}
      <span className={styles.chipCount} aria-hidden="true">
        {category.questionCount}
      </span>
    </button>
  );
}

interface Group {
  cateId: number;
  /** Whether the group shows its category's name (the whole FAQ, not one category). */
  titled: boolean;
  entries: FaqEntry[];
}

/** Consecutive entries of one category together (the list comes in category order). */
function groupsOf(entries: FaqEntry[], titled: boolean): Group[] {
  const groups: Group[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (last && last.cateId === entry.cateId) last.entries.push(entry);
    else groups.push({ cateId: entry.cateId, titled, entries: [entry] });
  }
  return groups;
}

function FaqGroup({ title, entries, keyword }: { title: string | undefined; entries: FaqEntry[]; keyword: string }) {
  const headingId = useId();
  return (
    <section className={styles.group} aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h2 id={headingId} className={styles.groupTitle}>
          {title}
        </h2>
      ) : null}
      <ul className={styles.items}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <FaqItem entry={entry} keyword={keyword} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One question; its answer (plain text in paragraphs) opens below it, by click, Enter or Space. */
function FaqItem({ entry, keyword }: { entry: FaqEntry; keyword: string }) {
  return (
    <details className={styles.item} data-testid="faq-item" data-id={entry.id}>
      <summary className={styles.question}>
        <span>
          <Highlighted text={entry.question} keyword={keyword} />
        </span>
        <svg className={styles.chevron} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className={styles.answer} data-testid="faq-answer">
        {paragraphsOf(entry.answer).map((p, i) => (
          <p key={i}>
            <Highlighted text={p} keyword={keyword} />
          </p>
        ))}
      </div>
    </details>
  );
}

function FaqItemSkeleton() {
  return (
    <div className={styles.itemSkeleton}>
      <Skeleton className={styles.lineSkeleton} />
    </div>
  );
}
