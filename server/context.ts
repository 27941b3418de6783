import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { CatalogueRepository } from './db/repositories/catalogue.ts';
import type { CollectsRepository } from './db/repositories/collects.ts';
import type { CommentsRepository } from './db/repositories/comments.ts';
import type { CaptchasRepository } from './accounts/captcha.ts';
import type { SmsSender } from './accounts/sms-sender.ts';
import type { HistoryRepository } from './db/repositories/history.ts';
import type { AccountDataRepository } from './db/repositories/account-data.ts';
import type { IdempotencyRepository } from './db/repositories/idempotency.ts';
import type { MembersRepository } from './db/repositories/members.ts';
import type { MessagesRepository } from './db/repositories/messages.ts';
import type { ModerationRepository } from './db/repositories/moderation.ts';
import type { ManageRepository } from './db/repositories/manage.ts';
import type { OperatorsRepository } from './db/repositories/operators.ts';
import type { ContentRepository } from './db/repositories/content.ts';
import type { PostsRepository } from './db/repositories/posts.ts';
import type { SafetyRepository } from './db/repositories/safety.ts';
import type { SearchRepository } from './db/repositories/search.ts';
import type { SupportRepository } from './db/repositories/support.ts';
import type { BrandRepository } from './db/repositories/brand.ts';
import type { SessionsRepository } from './db/repositories/sessions.ts';
import type { UserRow, UsersRepository } from './db/repositories/users.ts';
import type { uploadsRepository } from './db/repositories/uploads.ts';
import type { Stores } from './plugins/stores.ts';
import type { WorksRepository } from './db/repositories/works.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AppCaches } from './cache/app-caches.ts';
import type { PlayCounts } from './cache/play-counts.ts';

/** What routes share: configuration, repositories, stores and readiness. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  users: UsersRepository;
  sessions: SessionsRepository;
  catalogue: CatalogueRepository;
  search: SearchRepository;
  collects: CollectsRepository;
  comments: CommentsRepository;
  content: ContentRepository;
  posts: PostsRepository;
  /** Reports to the operators' queue and the members each member blocked. */
  safety: SafetyRepository;
  /** The FAQ and the feedback sent from /contactUs. */
  support: SupportRepository;
  /** The group area: community updates, news, offerings, services and calls for creators. */
  brand: BrandRepository;
  /** Check-ins, streak prizes, points and the leaderboard. */
  members: MembersRepository;
  /** Captcha codes sent to phones (sign-in, binding, password reset), and how texts are sent. */
  captchas: CaptchasRepository;
  sms: SmsSender;
  /** Members' watch history, merged across their devices. */
  history: HistoryRepository;
  /** A member's data as a whole: its export and the account's deletion. */
  accountData: AccountDataRepository;
  /** System messages; `notify` and `announce` are how other features and operators send them. */
  messages: MessagesRepository;
  uploads: ReturnType<typeof uploadsRepository>;
  /** Members' works: upload tickets, tus uploads, works, collections. */
  works: WorksRepository;
  /** The job queue (transcoding works); its workers start once ready and stop when the app closes. */
  queue: JobQueue;
  idempotency: IdempotencyRepository;
  /** The operator role and the audit log of what operators do. */
  operators: OperatorsRepository;
  /** The operators' moderation: queues, decisions, hidden comments, reports, feedback answers, suspensions. */
  moderation: ModerationRepository;
  /** The operators' writes of the site's content (performers, tags, topics, menus, banners, ads, announcements, FAQ, hot searches, prizes). */
  manage: ManageRepository;
  /** The local channel's key (operators/local-channel.ts): the command-line tool on this machine sends it instead of MD1. */
  operatorKey: string;
  stores: Stores;
  /** Read caches, cleared by the writes that change them (on every instance with Redis). */
  caches: AppCaches;
  /** Plays counted in memory and written in batches. */
  plays: PlayCounts;
  /** Set once migrations, media and seed are in place; /healthz answers 503 before. */
  ready: boolean;
  /** Stops of the periodic jobs started once ready; called when the app closes. */
  jobs: (() => void)[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    rawBody: Buffer | null;
    /** Bare bearer token, or '' when none was sent. */
    token: string;
    user: UserRow | null;
    /** The system user of the command-line tool when the call came through the local channel; null otherwise. */
    localOperator: string | null;
  }
  interface FastifyContextConfig {
    /** 'required': the call needs a live session (1000 otherwise); 'optional': use one when sent. */
    auth?: 'required' | 'optional';
    /** The call changes something: it takes an optional requestId and answers a repeat with the first answer. */
    changes?: boolean;
  }
}
