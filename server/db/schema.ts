import type { ColumnType, Generated } from 'kysely';
import type { Rendition } from '../../protocol/api.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CategoryTable {
  id: number;
  name: string;
  sort: number;
}

export interface ClipTable {
  name: string;
  duration: number;
  renditions: ColumnType<Rendition[], string, string>;
}

export interface VideoTable {
  id: number;
  category_id: number;
  title: string;
  description: string;
  clip: string;
  cover: string;
  cover_width: number;
  cover_height: number;
  poster: string;
  duration: number;
  play_count: number;
  like_count: number;
  comment_count: number;
  collect_count: number;
  tags: string[];
  created_at: Timestamp;
}

export interface UserTable {
  id: Generated<number>;
  account: string | null;
  password_hash: string | null;
  dev_id: string | null;
  aff_code: string;
  is_user: boolean;
  nickname: string;
  mobile: Generated<string>;
  avatar: string;
  created_at: Generated<Date>;
}

export interface SessionTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface AdvertiseTable {
  id: number;
  position: string;
  title: string;
  image: string;
  link_field: string;
  link: string;
  sort: number;
}

export interface AdvertiseClickTable {
  id: Generated<string>;
  advertise_id: number;
  user_id: number | null;
  created_at: Generated<Date>;
}

export interface UploadTable {
  path: string;
  user_id: number;
  type: string;
  width: number;
  height: number;
  size: number;
  created_at: Generated<Date>;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface HotSearchTable {
  id: Generated<number>;
  keyword: string;
  heat: number;
  updated_at: Timestamp;
}

export interface CollectTable {
  user_id: number;
  content_type: number;
  content_id: number;
  created_at: Timestamp;
}

export interface CommentTable {
  id: Generated<number>;
  content_type: number;
  content_id: number;
  user_id: number | null;
  author_name: string;
  content: string;
  like_count: number;
  reply_count: number;
  created_at: Timestamp;
}

export interface Schema {
  categories: CategoryTable;
  clips: ClipTable;
  videos: VideoTable;
  hot_searches: HotSearchTable;
  collects: CollectTable;
  comments: CommentTable;
  users: UserTable;
  sessions: SessionTable;
  advertise: AdvertiseTable;
  advertise_clicks: AdvertiseClickTable;
  uploads: UploadTable;
  app_meta: AppMetaTable;
}
