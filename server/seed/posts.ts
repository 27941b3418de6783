import type { Insertable } from 'kysely';
import type { PostTable } from '../db/schema.ts';
import { REVIEWERS } from './content-catalogue.ts';
import { videoImages } from './videos.ts';

export const FIRST_POST_ID = 801;
const MINUTE_MS = 60_000;

interface PostSeed {
  title: string;
  /** Paragraphs separated by blank lines. */
  content: string;
  /** Base catalogue video the post talks about (ids 1001..1036), if any. */
  videoId: number | null;
  /** How long ago it was posted, so lists show minutes, hours and dates. */
  minutesAgo: number;
}

const HOUR = 60;
const DAY = 24 * HOUR;

/** Neutral discussion posts about the demo catalogue's themes: city, nature, food, travel, science, sport. */
export const POSTS: PostSeed[] = [
  {
    title: '拍城市天际线，清晨还是黄昏更好？',
    content:
      '看完《晨光里的城市天际线》很想自己也拍一次。清晨的光线偏冷，玻璃幕墙反光很干净；黄昏的颜色更暖，但人多车多。\n\n大家一般选哪个时段？有没有推荐的机位？',
    videoId: 1001,
    minutesAgo: 4,
  },
  {
    title: '雨后老街适合用什么参数拍',
    content: '石板路的反光很漂亮，但是暗部总是糊成一片。\n\n我试过把快门放慢到 1/30，再用手肘顶住栏杆，效果好了不少。想听听大家的经验。',
    videoId: 1002,
    minutesAgo: 27,
  },
  {
    title: '通勤路上的小观察',
    content: '每天早上在换乘通道里走八分钟，发现大家会自然地靠右走，左边留给赶时间的人。\n\n这种没人规定却人人遵守的秩序，挺有意思的。',
    videoId: 1003,
    minutesAgo: 2 * HOUR + 10,
  },
  {
    title: '屋顶种菜一年的收获清单',
    content:
      '去年春天在楼顶放了六个种植箱：番茄、辣椒、生菜、小葱、薄荷和草莓。\n\n最省心的是小葱和薄荷，最难的是草莓，鸟比人先吃到。\n\n今年准备加一个简易防鸟网。',
    videoId: 1005,
    minutesAgo: 5 * HOUR,
  },
  {
    title: '第一次拍云海日出的经验分享',
    content: '凌晨三点出发，四点半到山顶，等了一个多小时云海才翻上来。\n\n建议带保温杯和头灯，山顶风很大。三脚架一定要挂重物压稳，不然长曝光会抖。',
    videoId: 1007,
    minutesAgo: 9 * HOUR,
  },
  {
    title: '湿地观鸟需要准备什么',
    content: '周末去了一趟城郊湿地，带了一副八倍望远镜，远远看到一群白鹭。\n\n观鸟要安静，穿颜色低调的衣服，别靠太近打扰它们觅食。',
    videoId: 1008,
    minutesAgo: 20 * HOUR,
  },
  {
    title: '星空延时摄影的入门设置',
    content:
      '很多人问星空延时怎么拍，我整理了一份入门设置：广角镜头、光圈开到最大、感光度 3200 左右、每张曝光 15 秒、间隔 2 秒。\n\n一晚上拍三四百张，合成之后大约十几秒的视频。记得提前关掉镜头防抖。',
    videoId: 1010,
    minutesAgo: 1 * DAY + 3 * HOUR,
  },
  {
    title: '银杏叶什么时候最黄',
    content: '每年都想去看银杏大道，但不是去早了就是去晚了。\n\n今年留意了一下，大概是第一次降温后的十天左右最好看，风一吹满地金黄。',
    videoId: 1011,
    minutesAgo: 2 * DAY,
  },
  {
    title: '赶海时要注意潮汐时间',
    content: '退潮的时候礁石上能看到小螃蟹和海星，但一定要提前查好涨潮时间。\n\n穿防滑的鞋，别一个人去太远的礁石。',
    videoId: 1012,
    minutesAgo: 3 * DAY,
  },
  {
    title: '在家做手工拉面，面团总是断怎么办',
    content: '照着视频做了三次，面团一拉就断。\n\n后来发现是醒面时间不够，和好之后盖上保鲜膜醒了四十分钟，再摔打几下，终于能拉出细面了。',
    videoId: 1013,
    minutesAgo: 4 * DAY,
  },
  {
    title: '红烧肉要不要先焯水',
    content: '家里两种做法：一种先焯水再炒糖色，一种直接煸出油。\n\n我更喜欢先焯水，汤汁更清亮。大家家里是怎么做的？',
    videoId: 1014,
    minutesAgo: 5 * DAY,
  },
  {
    title: '电饭锅酸奶蛋糕成功了',
    content: '按视频里的比例做，只换了一种无糖酸奶，甜度刚好。\n\n小提示：鸡蛋要用室温的，蛋白打到提起有小弯钩就可以了。',
    videoId: 1016,
    minutesAgo: 6 * DAY,
  },
  {
    title: '夜市小吃地图征集',
    content: '想做一份本地夜市小吃地图，烤冷面、炸串、糖水铺都可以推荐。\n\n请留下摊位大概的位置和营业时间，整理好之后分享给大家。',
    videoId: 1017,
    minutesAgo: 8 * DAY,
  },
  {
    title: '环湖骑行两天的补给安排',
    content: '两天一百公里，第一天骑得太快，下午就没力气了。\n\n经验是每小时喝几口水，每两小时吃点东西，别等饿了再补。沿途的村子里有小卖部可以买水。',
    videoId: 1019,
    minutesAgo: 10 * DAY,
  },
  {
    title: '水乡古镇避开人流的小技巧',
    content: '早上七点前到古镇，石桥上几乎没有人，乌篷船也刚开始出发。\n\n中午人最多的时候可以去巷子深处的茶馆坐一坐。',
    videoId: 1020,
    minutesAgo: 12 * DAY,
  },
  {
    title: '新手徒步装备清单',
    content: '第一次走三日徒步线路，整理了一份清单：登山鞋、速干衣、冲锋衣、头灯、急救包、充电宝和足够的饮用水。\n\n背包总重量最好控制在体重的五分之一以内。',
    videoId: 1021,
    minutesAgo: 15 * DAY,
  },
  {
    title: '慢火车上读完了一本书',
    content: '坐了十一个小时的绿皮火车，窗外是连绵的山和一个个隧道。\n\n没有信号的时候，反而安安静静读完了一整本书。',
    videoId: 1022,
    minutesAgo: 18 * DAY,
  },
  {
    title: '机械键盘清洁多久一次合适',
    content: '我一般半年拔一次键帽，用软毛刷和湿巾清理。\n\n轴体没问题就别拆，拆多了反而容易坏。',
    videoId: 1028,
    minutesAgo: 21 * DAY,
  },
  {
    title: '自制气象站的数据怎么看',
    content: '用开源硬件搭了一个小气象站，每十分钟记录一次温度、湿度和气压。\n\n气压连续下降的时候，第二天多半会下雨，准确率还挺高。',
    videoId: 1027,
    minutesAgo: 25 * DAY,
  },
  {
    title: '家里网线怎么布比较整齐',
    content: '装修时预留了网线管，但是交换机放哪儿一直没想好。\n\n最后放在了玄关的弱电箱里，用短跳线连接，看起来清爽多了。',
    videoId: 1030,
    minutesAgo: 28 * DAY,
  },
  {
    title: '慢跑三个月的变化',
    content: '从一公里都跑不下来，到现在能轻松跑完五公里。\n\n关键是别追求速度，能边跑边说话的配速就是最合适的。',
    videoId: 1031,
    minutesAgo: 32 * DAY,
  },
  {
    title: '久坐办公的拉伸小动作',
    content: '每坐一小时起来活动三分钟：转转脖子、展展肩膀、扶着桌子压压腿。\n\n坚持两周，肩颈没那么僵硬了。',
    videoId: 1033,
    minutesAgo: 36 * DAY,
  },
  {
    title: '手机拍视频怎么保持画面稳定',
    content: '没有稳定器的时候，可以把手肘贴紧身体，走路时膝盖微屈，用小碎步移动。\n\n另外打开手机自带的防抖，再把画面稍微裁切一点，效果会好很多。',
    videoId: null,
    minutesAgo: 40 * DAY,
  },
  {
    title: '周末去哪儿：城郊一日游推荐',
    content: '不想跑太远的话，城郊的植物园、湿地公园和古村落都很适合一日游。\n\n带上野餐垫和一壶热茶，就是很放松的一天。',
    videoId: null,
    minutesAgo: 45 * DAY,
  },
];

/** Rows of the posts table, dated relative to `now`. */
export function postRows(now = Date.now()): Insertable<PostTable>[] {
  return POSTS.map((p, i) => {
    const author = (i * 3) % REVIEWERS.length;
    return {
      id: FIRST_POST_ID + i,
      author_id: author + 1,
      author_name: REVIEWERS[author]!,
      author_avatar: `avatars/reviewer-${author + 1}.png`,
      video_id: p.videoId,
      title: p.title,
      content: p.content,
      view_count: 120 + ((i * 7919) % 15_000),
      like_count: (i * 37) % 260,
      comment_count: (i * 13) % 45,
      created_at: new Date(now - p.minutesAgo * MINUTE_MS),
    };
  });
}

/** The discussion tags (post/tags), in the order the feed shows them. */
export const POST_TAGS = ['城市', '自然', '美食', '旅行', '运动', '摄影', '数码', '闲聊'];

/** Tags of each seeded post, by its place in POSTS. */
const POST_TAG_NAMES: string[][] = [
  ['城市', '摄影'],
  ['城市', '摄影'],
  ['城市', '闲聊'],
  ['城市', '自然'],
  ['自然', '摄影'],
  ['自然'],
  ['自然', '摄影'],
  ['自然'],
  ['自然', '旅行'],
  ['美食'],
  ['美食'],
  ['美食'],
  ['美食', '城市'],
  ['运动', '旅行'],
  ['旅行'],
  ['运动', '旅行'],
  ['旅行', '闲聊'],
  ['数码'],
  ['数码', '自然'],
  ['数码'],
  ['运动'],
  ['运动'],
  ['摄影', '数码'],
  ['旅行'],
];

/** Seeded posts with pictures (the demo catalogue's covers and posters), by place in POSTS. */
const POST_PICTURES: Record<number, number[]> = {
  0: [1001, 1002],
  4: [1007, 1008, 1010, 1011],
  5: [1008],
  9: [1013, 1014, 1016],
  12: [1017],
  13: [1019, 1020, 1021],
};
/** Seeded paid posts and their price in points, by place in POSTS. */
const POST_PRICES: Record<number, number> = { 5: 20, 18: 10 };

export interface PostExtras {
  tags: { name: string; sort: number }[];
  /** Per seeded post: its tags by name, its images and its price. */
  posts: { id: number; tags: string[]; images: { path: string; width: number; height: number }[]; price: number }[];
}

/** The tags, pictures and prices of the seeded posts (added once, so older data folders gain them). */
export function postExtras(): PostExtras {
  return {
    tags: POST_TAGS.map((name, i) => ({ name, sort: i + 1 })),
    posts: POSTS.map((_, i) => ({
      id: FIRST_POST_ID + i,
      tags: POST_TAG_NAMES[i] ?? [],
      images: (POST_PICTURES[i] ?? []).flatMap((videoId, n) =>
        videoImages(videoId)
          .filter((_, k) => k === n % 2)
          .map(({ path, width, height }) => ({ path, width, height })),
      ),
      price: POST_PRICES[i] ?? 0,
    })),
  };
}
