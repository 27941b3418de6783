/**
 * Manage (issue 14): `<kind> list|add|edit|remove` for every kind of content, made from one table of
 * fields per kind. A command turns its options into the API's body (pictures: a file path read and
 * sent as base64), checks it against the very contract the server validates with
 * (protocol/contracts/manage.ts), so a bad value is a usage error (exit 2) naming the option before
 * anything connects, then calls /api/app/admin/<kind>/<action>; the server's refusals (an unknown
 * target, something still pointing at what is removed) exit 1 with its message.
 */
import { readFileSync, statSync } from 'node:fs';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { AD_POSITIONS, MANAGE_API, MANAGE_IMAGE_MAX_BYTES, MANAGE_KIND_NAMES, type ManageKind } from '../../../protocol/admin-api.ts';
import type { Page } from '../../../protocol/api.ts';
import { AD_LINK_FIELDS } from '../../../protocol/contracts/app.ts';
import {
  AdAddBody,
  AdEditBody,
  AnnouncementAddBody,
  AnnouncementEditBody,
  BannerAddBody,
  BannerEditBody,
  FaqAddBody,
  FaqEditBody,
  HotSearchAddBody,
  HotSearchEditBody,
  ManageListBody,
  MenuAddBody,
  MenuEditBody,
  PerformerAddBody,
  PerformerEditBody,
  PrizeAddBody,
  PrizeEditBody,
  TagAddBody,
  TagCategoryAddBody,
  TagCategoryEditBody,
  TagEditBody,
  TopicAddBody,
  TopicEditBody,
  type ManageRemoved,
} from '../../../protocol/contracts/manage.ts';
import { intValue, UsageError, type Command, type OptionSpec, type OptionValues } from '../framework.ts';
import { clip } from '../table.ts';
import { ask, PAGING_OPTIONS, pagingOf, printPage } from './shared.ts';

type FieldType = 'text' | 'int' | 'ids' | 'image';

interface Field {
  /** The option: --cover. */
  option: string;
  /** The body's key: coverData. */
  key: string;
  type: FieldType;
  description: string;
  /** Needed by add. */
  required?: boolean;
}

interface KindSpec {
  kind: ManageKind;
  /** The command's first word: tag-category. */
  word: string;
  /** One of them, for help: a tag category. */
  one: string;
  /** What it is, for help: tags of videos and performers. */
  what: string;
  fields: Field[];
  addBody: TSchema;
  editBody: TSchema;
  /** The list as a table. */
  columns: string[];
  row(item: Record<string, unknown>): (string | number | null | undefined)[];
  examples: string[];
}

const text = (option: string, description: string, required = false, key = option): Field => ({ option, key, type: 'text', description, required });
const int = (option: string, key: string, description: string, required = false): Field => ({ option, key, type: 'int', description, required });
const image = (option: string, key: string, description: string, required = false): Field => ({
  option,
  key,
  type: 'image',
  description: `${description}: an image file (PNG, JPEG, GIF, WebP or AVIF, at most ${MANAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB), stored masked in the pipeline's widths`,
  required,
});
const SORT = int('sort', 'sort', 'order among its kind, lower first (default 0)');
const BINDING: Field[] = [
  int(
    'bind-type',
    'bindType',
    'where it leads: 0 nothing, 1 a video category (10782 home), 2 a topic, 3 a tag, 4 a link, 5 a performer, 6 a tag category',
    true,
  ),
  int('bind-int', 'bindInt', 'the id of the category, topic, tag, performer or tag category it leads to'),
  text('bind-str', 'bind-type 4: an in-app path (with --jump-type 1) or an http(s) address', false, 'bindStr'),
  int('jump-type', 'jumpType', 'bind-type 4: 1 opens an in-app path, 0 a new window (default 0)'),
  int('content-type', 'contentType', '8 when a tag or tag category leads to performers (default 2)'),
];
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

const KINDS: KindSpec[] = [
  {
    kind: 'performer',
    one: 'a performer',
    word: 'performer',
    what: 'performers (演员): name, intro, bio, avatar, cover and performer tags',
    fields: [
      text('name', "the performer's name", true),
      text('intro', 'one line under the name'),
      text('bio', 'the introduction'),
      image('avatar', 'avatarData', 'the avatar (square)', true),
      image('cover', 'coverData', 'the cover', true),
      { option: 'tags', key: 'tagIds', type: 'ids', description: 'performer tag ids (contentType 8), comma-separated; "" for none' },
    ],
    addBody: PerformerAddBody,
    editBody: PerformerEditBody,
    columns: ['ID', 'NAME', 'INTRO', 'VIDEOS', 'FANS', 'TAGS'],
    row: (p) => [str(p.id), clip(str(p.name), 16), clip(str(p.intro), 30), str(p.videoCount), str(p.fansCount), (p.tagIds as number[]).join(',')],
    examples: [
      'performer add --name 林夏 --intro 城市影像记录者 --avatar ./avatar.jpg --cover ./cover.jpg --tags 1001,1002',
      'performer edit 2001 --bio "新的介绍"',
      'performer remove 100001',
    ],
  },
  {
    kind: 'tag',
    one: 'a tag',
    word: 'tag',
    what: 'tags (标签) of videos and performers, each in a tag category',
    fields: [
      text('name', "the tag's name (unique in its category)", true),
      int('category', 'categoryId', 'its tag category id (see tag-category list)', true),
      SORT,
    ],
    addBody: TagAddBody,
    editBody: TagEditBody,
    columns: ['ID', 'NAME', 'CATEGORY', 'TYPE', 'SORT', 'ITEMS'],
    row: (t) => [str(t.id), clip(str(t.name), 20), `${str(t.categoryName)} (${str(t.categoryId)})`, str(t.contentType), str(t.sort), str(t.itemCount)],
    examples: ['tag add --name 航拍 --category 301', 'tag edit 401 --name 纪录', 'tag remove 401'],
  },
  {
    kind: 'tagcategory',
    one: 'a tag category',
    word: 'tag-category',
    what: 'tag categories (标签分类): what their tags describe, videos (2) or performers (8)',
    fields: [text('name', "the category's name", true), int('content-type', 'contentType', 'what its tags describe: 2 videos, 8 performers', true), SORT],
    addBody: TagCategoryAddBody,
    editBody: TagCategoryEditBody,
    columns: ['ID', 'NAME', 'TYPE', 'SORT', 'TAGS'],
    row: (c) => [str(c.id), clip(str(c.name), 20), str(c.contentType), str(c.sort), str(c.tagCount)],
    examples: ['tag-category add --name 地区 --content-type 2', 'tag-category remove 100001'],
  },
  {
    kind: 'topic',
    one: 'a topic',
    word: 'topic',
    what: 'topics (专题) in any of the seven display types of /topics',
    fields: [
      text('title', "the topic's title", true),
      int('type', 'type', 'display type 1 to 7', true),
      text('description', 'what it is about'),
      image('cover', 'coverData', 'the cover', true),
      { option: 'videos', key: 'videoIds', type: 'ids', description: 'its video ids in order, comma-separated' },
      SORT,
    ],
    addBody: TopicAddBody,
    editBody: TopicEditBody,
    columns: ['ID', 'TITLE', 'TYPE', 'SORT', 'VIDEOS'],
    row: (t) => [str(t.id), clip(str(t.title), 24), str(t.type), str(t.sort), (t.videoIds as number[]).length],
    examples: ['topic add --title 城市漫游 --type 1 --cover ./cover.jpg --videos 1001,1002,1003', 'topic edit 501 --type 5', 'topic remove 501'],
  },
  {
    kind: 'menu',
    one: 'a header menu item',
    word: 'menu',
    what: 'the header menu (菜单) of every page, each item leading where its bind-type says',
    fields: [text('name', "the item's label", true), ...BINDING, SORT],
    addBody: MenuAddBody,
    editBody: MenuEditBody,
    columns: ['ID', 'NAME', 'BIND', 'TARGET', 'SORT'],
    row: (m) => [str(m.id), str(m.name), str(m.bindType), m.bindType === 4 ? str(m.bindStr) : str(m.bindInt), str(m.sort)],
    examples: [
      'menu add --name 美食 --bind-type 1 --bind-int 103 --sort 3',
      'menu add --name 专题 --bind-type 4 --bind-str /topics --jump-type 1',
      'menu remove 100001',
    ],
  },
  {
    kind: 'banner',
    one: 'a banner',
    word: 'banner',
    what: "banners (横幅) at the top of home and of each category's page",
    fields: [
      text('name', "the banner's title", true),
      int('category', 'categoryId', 'the category whose page shows it (default 10782, home)'),
      image('image', 'imageData', 'the picture', true),
      ...BINDING,
      SORT,
    ],
    addBody: BannerAddBody,
    editBody: BannerEditBody,
    columns: ['ID', 'NAME', 'CATEGORY', 'BIND', 'TARGET', 'SORT'],
    row: (b) => [str(b.id), clip(str(b.name), 20), str(b.categoryId), str(b.bindType), b.bindType === 4 ? str(b.bindStr) : str(b.bindInt), str(b.sort)],
    examples: ['banner add --name 夏日专题 --image ./banner.jpg --bind-type 2 --bind-int 501', 'banner remove 100001'],
  },
  {
    kind: 'ad',
    one: 'an ad',
    word: 'ad',
    what: 'ads (广告): where they show, their picture and their link',
    fields: [
      text('position', `where it shows: ${AD_POSITIONS.join(', ')}`, true),
      text('title', "the ad's title", true),
      image('image', 'imageData', 'the picture', true),
      text('link', 'where it leads: an http(s) address or an in-app path', true),
      text('link-field', `which field carries the link: ${AD_LINK_FIELDS.join(', ')} (default href)`, false, 'linkField'),
      SORT,
    ],
    addBody: AdAddBody,
    editBody: AdEditBody,
    columns: ['ID', 'POSITION', 'TITLE', 'LINK', 'SORT', 'CLICKS'],
    row: (a) => [str(a.id), str(a.position), clip(str(a.title), 20), clip(str(a.link), 40), str(a.sort), str(a.clicks)],
    examples: ['ad add --position home_list --title 周末去哪儿 --image ./ad.png --link https://example.com/weekend', 'ad edit 4 --link /topics', 'ad remove 4'],
  },
  {
    kind: 'announcement',
    one: 'an announcement to every member',
    word: 'announcement',
    what: "announcements (公告): they reach every member's /sysMsg under 公告",
    fields: [text('title', 'the title', true), text('content', 'the text (plain, paragraphs separated by blank lines)', true)],
    addBody: AnnouncementAddBody,
    editBody: AnnouncementEditBody,
    columns: ['ID', 'WHEN', 'TITLE', 'TEXT'],
    row: (a) => [str(a.id), str(a.createdAt).slice(0, 16).replace('T', ' '), clip(str(a.title), 24), clip(str(a.content), 40)],
    examples: ['announcement add --title 维护通知 --content "今晚 23:00 至 23:30 维护。"', 'announcement remove 12'],
  },
  {
    kind: 'faq',
    one: 'an FAQ entry',
    word: 'faq',
    what: 'FAQ entries (常见问题) of /FAQ, each in a FAQ category',
    fields: [int('category', 'categoryId', 'its FAQ category id', true), text('question', 'the question', true), text('answer', 'the answer', true), SORT],
    addBody: FaqAddBody,
    editBody: FaqEditBody,
    columns: ['ID', 'CATEGORY', 'QUESTION', 'SORT'],
    row: (f) => [str(f.id), `${str(f.categoryName)} (${str(f.categoryId)})`, clip(str(f.question), 40), str(f.sort)],
    examples: ['faq add --category 1 --question 如何修改昵称？ --answer "在 我的 → 编辑资料 中修改。"', 'faq remove 7'],
  },
  {
    kind: 'hotsearch',
    one: 'a hot search',
    word: 'hot-search',
    what: 'hot searches (热搜词): the keywords suggested by search, hottest first',
    fields: [text('keyword', 'the keyword (unique)', true), int('heat', 'heat', 'its heat (default 0); searches add to it')],
    addBody: HotSearchAddBody,
    editBody: HotSearchEditBody,
    columns: ['ID', 'KEYWORD', 'HEAT'],
    row: (h) => [str(h.id), str(h.keyword), str(h.heat)],
    examples: ['hot-search add --keyword 露营 --heat 9000', 'hot-search edit 3 --heat 0', 'hot-search remove 3'],
  },
  {
    kind: 'prize',
    one: 'a check-in prize',
    word: 'prize',
    what: 'check-in prizes (签到奖励): points for a run of consecutive check-ins in a month',
    fields: [
      int('days', 'days', 'the run of consecutive check-ins that earns it (1 to 31; one prize per run)', true),
      int('points', 'points', 'the points it gives', true),
    ],
    addBody: PrizeAddBody,
    editBody: PrizeEditBody,
    columns: ['ID', 'DAYS', 'POINTS', 'CLAIMS'],
    row: (p) => [str(p.id), str(p.days), str(p.points), str(p.claims)],
    examples: ['prize add --days 10 --points 80', 'prize edit 2 --points 60', 'prize remove 100'],
  },
];

/** The option of a field as parseArgs knows it. */
const optionOf = (f: Field, forAdd: boolean): OptionSpec => ({
  type: 'string',
  placeholder: f.type === 'image' ? 'file' : f.type === 'ids' ? 'ids' : f.type === 'int' ? 'n' : 'text',
  description: f.description,
  ...(forAdd && f.required && { required: true }),
});

/** A picture file as base64, or a usage error that says what is wrong with it. */
function readImage(option: string, path: string): string {
  let size;
  try {
    size = statSync(path).size;
  } catch (error) {
    throw new UsageError(`--${option}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (size === 0) throw new UsageError(`--${option}: ${path} is empty`);
  if (size > MANAGE_IMAGE_MAX_BYTES) throw new UsageError(`--${option}: ${path} is larger than ${MANAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  return readFileSync(path).toString('base64');
}

/** The body of add or edit from the options given. */
function bodyOf(spec: KindSpec, options: OptionValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of spec.fields) {
    const value = options[f.option];
    if (value === undefined) continue;
    const raw = String(value);
    if (f.type === 'text') body[f.key] = raw;
    // The range is the contract's to check (a sort may be negative); here only that it is a number.
    else if (f.type === 'int') {
      if (!/^-?\d{1,10}$/.test(raw.trim())) throw new UsageError(`--${f.option} must be a whole number, got "${raw}"`);
      body[f.key] = Number(raw.trim());
    } else if (f.type === 'ids')
      body[f.key] = raw.trim() === '' ? [] : raw.split(',').map((part) => intValue(part.trim(), `--${f.option} (a comma-separated list of ids)`));
    else body[f.key] = readImage(f.option, raw);
  }
  return body;
}

/**
 * Checks a body against the contract the server validates it with; a failure is a usage error that
 * names the option (not the body's key) and what is wrong.
 */
function checked(spec: KindSpec, schema: TSchema, body: Record<string, unknown>): Record<string, unknown> {
  const first = [...Value.Errors(schema, body)].find((e) => e.keyword !== 'boolean');
  if (!first) return body;
  const key = first.instancePath.split('/')[1] ?? '';
  const field = spec.fields.find((f) => f.key === key);
  const where = field ? `--${field.option}` : key === 'id' ? '<id>' : key || 'arguments';
  const wants =
    first.keyword === 'enum' ? `must be one of ${JSON.stringify((first.params as { allowedValues?: unknown[] }).allowedValues ?? [])}` : first.message;
  throw new UsageError(`${where}: ${wants}${field?.type === 'image' ? ' (the file is too large or not an image)' : ''}`);
}

/** The enum fields the CLI accepts as words: turned into the number or string the contract expects. */
function coerceEnums(spec: KindSpec, body: Record<string, unknown>): Record<string, unknown> {
  if (spec.kind === 'tagcategory' && body.contentType !== undefined) body.contentType = Number(body.contentType);
  return body;
}

const ID_ARG = { name: 'id', description: 'its id (see list)' };

function commandsOf(spec: KindSpec): Command[] {
  const name = MANAGE_KIND_NAMES[spec.kind];
  const paths = MANAGE_API[spec.kind];
  const printItem = (item: Record<string, unknown>, out: (line: string) => void) => {
    for (const line of printRows(spec, [item])) out(line);
  };
  const list: Command<Page<Record<string, unknown>>> = {
    name: `${spec.word} list`,
    summary: `List ${spec.what.split(':')[0]}`,
    options: { keyword: { type: 'string', placeholder: 'text', description: 'only those whose name or title holds it' }, ...PAGING_OPTIONS },
    examples: [`${spec.word} list`, `${spec.word} list --json`],
    run: async ({ options, admin }) => {
      const body = { ...pagingOf(options), ...(options.keyword !== undefined && { keyword: String(options.keyword) }) };
      return ask(admin, paths.list, checked(spec, ManageListBody, body));
    },
    print: (page, out) => printPage(page, spec.columns, spec.row, out),
  };
  const add: Command<Record<string, unknown>> = {
    name: `${spec.word} add`,
    summary: `Add ${spec.one} (${name}); shown on the site at once`,
    description: `${spec.what[0]!.toUpperCase()}${spec.what.slice(1)}. Every change is written to the audit log.`,
    options: Object.fromEntries(spec.fields.map((f) => [f.option, optionOf(f, true)])),
    examples: spec.examples.filter((e) => e.includes(' add ')),
    run: async ({ options, admin }) => ask(admin, paths.add, checked(spec, spec.addBody, coerceEnums(spec, bodyOf(spec, options)))),
    print: (item, out) => {
      out(`added ${spec.word} ${str(item.id)}`);
      printItem(item, out);
    },
  };
  const edit: Command<Record<string, unknown>> = {
    name: `${spec.word} edit`,
    summary: `Change the given fields of ${spec.one.replace(/ to every member$/, '')} (${name}); what is left out stays`,
    args: [ID_ARG],
    options: Object.fromEntries(spec.fields.map((f) => [f.option, optionOf(f, false)])),
    examples: spec.examples.filter((e) => e.includes(' edit ')),
    run: async ({ args, options, admin }) => {
      const id = intValue(args.id, '<id>');
      const changes = coerceEnums(spec, bodyOf(spec, options));
      if (Object.keys(changes).length === 0)
        throw new UsageError(`nothing to change: give at least one of ${spec.fields.map((f) => `--${f.option}`).join(', ')}`);
      return ask(admin, paths.edit, checked(spec, spec.editBody, { id, ...changes }));
    },
    print: (item, out) => {
      out(`changed ${spec.word} ${str(item.id)}`);
      printItem(item, out);
    },
  };
  const remove: Command<ManageRemoved> = {
    name: `${spec.word} remove`,
    summary: `Remove ${spec.one.replace(/ to every member$/, '')} (${name}); refused while anything still points at it, saying what`,
    args: [ID_ARG],
    examples: spec.examples.filter((e) => e.includes(' remove ')),
    run: async ({ args, admin }) => ask(admin, paths.remove, { id: intValue(args.id, '<id>') }),
    print: (r, out) => {
      const also = Object.entries(r.alsoRemoved).filter(([, count]) => count > 0);
      out(`removed ${spec.word} ${r.id}${also.length ? ` (with ${also.map(([what, count]) => `${count} ${what}`).join(', ')})` : ''}`);
    },
  };
  return [list, add, edit, remove] as Command[];
}

function printRows(spec: KindSpec, items: Record<string, unknown>[]): string[] {
  const lines: string[] = [];
  printPage({ list: items, page: 1, pageSize: items.length, total: items.length, hasMore: false }, spec.columns, spec.row, (line) => lines.push(line));
  return lines.slice(0, -1);
}

export const MANAGE_COMMANDS: Command[] = KINDS.flatMap(commandsOf);
