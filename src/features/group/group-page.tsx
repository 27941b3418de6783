import { useRouter } from '@tanstack/react-router';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '../../../protocol/api.ts';
import type { BrandInformationType, BrandItem, BrandOfferingType } from '../../../protocol/brand-api.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { Screen } from '../../components/screen.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Loading } from '../../components/ui/skeleton.tsx';
import { TabList, tabId } from '../../components/ui/tab-list.tsx';
import grid from '../../components/ui/grid.module.css';
import layout from '../../components/ui/page.module.css';
import underline from '../../components/ui/underline-tabs.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { hrefOf } from '../../lib/navigation.ts';
import { GROUP_PAGE_SIZE, RECRUITMENT_PAGE_SIZE, useBrandInformation, useBrandOffering, useBrandRecruitment } from './api/brand-lists.ts';
import { BrandCard, BrandCardSkeleton, type BrandCardVariant } from './brand-card.tsx';
import { GROUP_TABS, type GroupTab } from './group-tabs.ts';
import styles from './group.module.css';

/** How each tab lays out its items. */
const VARIANT: Record<GroupTab, BrandCardVariant> = { bubble: 'feed', business: 'tile', news: 'row', service: 'square' };

/**
 * /group?type=: the group area in four tabs, 泡泡 (bubble) and 资讯 (news) from brand/information,
 * 商务 (business) and 服务 (service) from brand/offering, 商务 also listing the calls of
 * brand/recruitment. The tab lives in the address, so a reload, a shared link or coming back from
 * an item keeps it; switching tabs replaces the entry rather than adding one.
 */
export function GroupPage({ tab }: { tab: GroupTab }) {
  const { t } = useTranslation();
  const router = useRouter();
  const select = (next: GroupTab) => router.history.replace(hrefOf('/group', { type: next === 'bubble' ? undefined : next }));
  return (
    <Screen title={t('group.title')} className={styles.page} testId="group-page" data={{ 'data-tab': tab }}>
      <TabList
        tabs={GROUP_TABS.map((key) => ({ key, label: t(`group.tab.${key}`), testId: 'group-tab' }))}
        selected={tab}
        onSelect={select}
        label={t('group.tabs')}
        idBase="group"
        className={`${underline.tabs} ${styles.tabs}`}
        tabClassName={`${underline.tab} ${styles.tab}`}
      />
      <div role="tabpanel" id="group-panel" aria-labelledby={tabId('group', tab)} className={styles.panel}>
        <p className={styles.intro}>{t(`group.intro.${tab}`)}</p>
        {tab === 'bubble' || tab === 'news' ? <InformationList key={tab} type={tab} /> : null}
        {tab === 'business' ? <Recruitment /> : null}
        {tab === 'business' || tab === 'service' ? <OfferingList key={tab} type={tab} /> : null}
      </div>
    </Screen>
  );
}

function InformationList({ type }: { type: BrandInformationType }) {
  return <TabFeed tab={type} query={useBrandInformation(type)} />;
}

function OfferingList({ type }: { type: BrandOfferingType }) {
  const { t } = useTranslation();
  const feed = <TabFeed tab={type} query={useBrandOffering(type)} />;
  if (type !== 'business') return feed;
  // Under 商务 the offerings follow the calls, each under its own heading.
  return (
    <section aria-labelledby="group-offerings" className={styles.section}>
      <h2 id="group-offerings" className={layout.sectionTitle}>
        {t('group.offerings')}
      </h2>
      {feed}
    </section>
  );
}

/** One tab's infinite list: skeletons of its own shape, failure with retry, empty, then its cards. */
function TabFeed({ tab, query }: { tab: GroupTab; query: UseInfiniteQueryResult<InfiniteData<Page<BrandItem>>> }) {
  const { t } = useTranslation();
  const variant = VARIANT[tab];
  const listClass = `${grid.grid} ${styles.list} ${styles[variant]}`;
  return (
    <PagedList
      query={query}
      label={t('group.listLabel', { type: t(`group.tab.${tab}`) })}
      // 商务's offerings have their own visible heading (OfferingList).
      heading={tab !== 'business'}
      loading={
        <Loading className={listClass} count={variant === 'tile' ? GROUP_PAGE_SIZE : 3}>
          <BrandCardSkeleton variant={variant} />
        </Loading>
      }
      failedTitle={t('group.failed')}
      empty={<EmptyState title={t('group.empty')} description={t('group.emptyHint')} />}
    >
      {(items) => (
        <ul className={listClass} data-testid="group-list" data-tab={tab}>
          {items.map((item) => (
            <li key={item.id}>
              <BrandCard item={item} variant={variant} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/** 正在招募 at the head of 商务: the newest calls, more on request. */
function Recruitment() {
  const { t } = useTranslation();
  const query = useBrandRecruitment();
  const listClass = `${grid.grid} ${styles.list} ${styles.calls}`;
  return (
    <section aria-labelledby="group-recruitment" className={styles.section} data-testid="group-recruitment">
      <h2 id="group-recruitment" className={layout.sectionTitle}>
        {t('group.recruitment')}
      </h2>
      <PagedList
        query={query}
        label={t('group.listLabel', { type: t('group.recruitment') })}
        loading={
          <Loading className={listClass} count={RECRUITMENT_PAGE_SIZE}>
            <BrandCardSkeleton variant="row" />
          </Loading>
        }
        failedTitle={t('group.failed')}
        empty={<p className={styles.none}>{t('group.recruitmentEmpty')}</p>}
        moreLabel={t('common.loadMore')}
      >
        {(items) => (
          <ul className={listClass} data-testid="group-calls">
            {items.map((item) => (
              <li key={item.id}>
                <BrandCard item={item} variant="row" />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
