import { useState } from 'react';
import type { CheckinOverview } from '../../../protocol/member-api.ts';
import { Loading, Skeleton } from '../../components/ui/skeleton.tsx';
import { LoadFailed } from '../../components/ui/load-failed.tsx';
import button from '../../components/ui/button.module.css';
import { useOutbox } from '../../lib/use-outbox.ts';
import panel from '../../components/ui/panel.module.css';
import { useTranslation } from '../../i18n/index.ts';
import { useCheckin, useCheckinClick, useClaimPrize } from './api/member.ts';
import { monthGrid, monthOf, shiftMonth } from './calendar.ts';
import styles from './checkin.module.css';
import hidden from '../../components/ui/visually-hidden.module.css';

/** How far back the calendar goes. */
const MONTHS_BACK = 12;

/** Daily sign-in on /mine: today's button, the month's calendar, the streak and total, and the streak prizes. */
export function CheckinCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const query = useCheckin(userId, month);
  // The current month's answer says what "today" is; other months show it too.
  const current = useCheckin(userId, undefined);
  const click = useCheckinClick(userId);
  const pending = useOutbox('checkin').some((action) => action.state === 'pending');
  const claim = useClaimPrize(userId);

  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const overview = query.data ?? (month === undefined ? undefined : current.data);
  if (!overview) return <CheckinSkeleton />;
  const today = current.data?.today ?? overview.today;
  const thisMonth = monthOf(today);
  const shown = overview.month;
  const oldest = shiftMonth(thisMonth, -MONTHS_BACK);
  const checked = new Set(overview.days);
  const now = current.data ?? overview;

  return (
    <div className={`${panel.panel} ${styles.card}`} data-testid="checkin-card">
      <div className={styles.top}>
        <p className={styles.stats}>
          <span data-testid="checkin-streak">{t('checkin.streak', { count: now.streak })}</span>
          <span data-testid="checkin-total">{t('checkin.total', { count: now.total })}</span>
          <span data-testid="checkin-score">{t('checkin.score', { count: now.score })}</span>
        </p>
        <button
          type="button"
          className={now.checkedToday || pending ? button.button : button.primary}
          disabled={now.checkedToday || pending || click.isPending}
          onClick={() => click.mutate()}
          data-testid="checkin-button"
          data-pending={pending || undefined}
        >
          {now.checkedToday ? t('checkin.done') : pending ? `${t('checkin.done')} · ${t('outbox.pending')}` : t('checkin.action', { points: now.pointsPerDay })}
        </button>
      </div>
      <div className={styles.monthBar}>
        <button
          type="button"
          className={styles.monthStep}
          aria-label={t('checkin.previousMonth')}
          disabled={shown <= oldest}
          onClick={() => setMonth(shiftMonth(shown, -1))}
        >
          ‹
        </button>
        <h3 className={styles.monthTitle} aria-live="polite" data-testid="checkin-month">
          {t('checkin.month', { year: Number(shown.slice(0, 4)), month: Number(shown.slice(5, 7)) })}
        </h3>
        <button
          type="button"
          className={styles.monthStep}
          aria-label={t('checkin.nextMonth')}
          disabled={shown >= thisMonth}
          onClick={() => setMonth(shiftMonth(shown, 1) === thisMonth ? undefined : shiftMonth(shown, 1))}
        >
          ›
        </button>
      </div>
      <Calendar month={shown} checked={checked} today={today} />
      <Prizes overview={now} onClaim={(id) => claim.mutate(id)} claiming={claim.isPending ? claim.variables : undefined} />
    </div>
  );
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function Calendar({ month, checked, today }: { month: string; checked: Set<string>; today: string }) {
  const { t } = useTranslation();
  return (
    <table className={styles.calendar} data-testid="checkin-calendar">
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col" abbr={t(`checkin.weekday.${day}`)}>
              {t(`checkin.weekdayShort.${day}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(month).map((week, row) => (
          <tr key={row}>
            {week.map((day, column) => {
              if (!day) return <td key={column} />;
              const on = checked.has(day);
              const classes = [styles.day, on ? styles.checked : '', day === today ? styles.today : '', day > today ? styles.future : ''].join(' ');
              return (
                <td key={day}>
                  <span className={classes} data-day={day} data-checked={on || undefined}>
                    {Number(day.slice(8))}
                    <span className={hidden.visuallyHidden}>{on ? t('checkin.checkedDay') : ''}</span>
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Prizes({ overview, onClaim, claiming }: { overview: CheckinOverview; onClaim: (id: number) => void; claiming: number | undefined }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.prizes} aria-label={t('checkin.prizes')}>
      {overview.prizes.map((prize) => (
        <li key={prize.id} className={styles.prize} data-testid="checkin-prize">
          <span className={styles.prizeDays}>{t('checkin.prizeDays', { count: prize.days })}</span>
          <span className={styles.prizePoints}>+{prize.points}</span>
          {prize.claimed ? (
            <span className={styles.prizeState}>{t('checkin.claimed')}</span>
          ) : prize.claimable ? (
            <button type="button" className={`${button.primary} ${button.small}`} disabled={claiming === prize.id} onClick={() => onClaim(prize.id)}>
              {t('checkin.claim')}
            </button>
          ) : (
            <span className={styles.prizeState}>{t('checkin.notReached')}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function CheckinSkeleton() {
  return (
    <Loading className={`${panel.panel} ${styles.card}`} testId="checkin-loading">
      <Skeleton className={styles.skeletonTop} />
      <Skeleton className={styles.skeletonCalendar} />
    </Loading>
  );
}
