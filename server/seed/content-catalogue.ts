/**
 * The demo content behind the browsing screens (its videos are in catalogue.ts): creators (the
 * spec's "actresses"), tags in categories, topics of the seven display types, reviews and home
 * banners. Neutral and general-audience; ids are stable so links and tests can name them.
 */
import type { NavItem } from '../../protocol/api.ts';

export interface TagCategorySeed {
  id: number;
  name: string;
  contentType: 2 | 8;
  tags: string[];
}

/** Tag ids run from 401 in this order: 401..424 video tags, 425..436 creator tags. */
export const TAG_CATEGORIES: TagCategorySeed[] = [
  { id: 301, name: '题材', contentType: 2, tags: ['纪实', '教程', 'Vlog', '延时摄影', '航拍', '慢动作', '访谈', '科普'] },
  { id: 302, name: '风格', contentType: 2, tags: ['治愈', '热血', '安静', '幽默', '温暖', '硬核', '文艺', '清新'] },
  { id: 303, name: '场景', contentType: 2, tags: ['户外', '室内', '夜晚', '清晨', '海边', '山野', '街头', '厨房'] },
  { id: 304, name: '擅长', contentType: 8, tags: ['摄影', '解说', '烹饪', '徒步', '手工', '健身'] },
  { id: 305, name: '形象', contentType: 8, tags: ['亲和', '专业', '幽默风趣', '冷静', '活力', '文艺范'] },
];

export const FIRST_TAG_ID = 401;

export interface ActressSeed {
  id: number;
  name: string;
  categoryId: number;
  intro: string;
  bio: string;
  /** Indexes into the 擅长 and 形象 tag lists. */
  skill: number;
  look: number;
}

export const ACTRESSES: ActressSeed[] = [
  { id: 2001, name: '林夏', categoryId: 101, intro: '城市影像记录者', bio: '用镜头记录城市的清晨与深夜，相信每条街道都有自己的表情。', skill: 0, look: 0 },
  { id: 2002, name: '周以安', categoryId: 101, intro: '建筑与街区观察', bio: '建筑专业出身，喜欢讲老房子和新街区背后的设计故事。', skill: 1, look: 1 },
  { id: 2003, name: '陈默', categoryId: 101, intro: '夜景延时摄影', bio: '一台相机一个三脚架，常常在天台上等到凌晨。', skill: 0, look: 3 },
  { id: 2004, name: '宋予', categoryId: 101, intro: '城市漫步向导', bio: '每周走一条没走过的路，把沿途的小店和人讲给你听。', skill: 3, look: 4 },
  { id: 2005, name: '方小满', categoryId: 102, intro: '自然纪录片导演', bio: '拍过湿地、雪山和雨林，最喜欢等待动物出现的那份安静。', skill: 0, look: 3 },
  { id: 2006, name: '顾清', categoryId: 102, intro: '野生动物摄影师', bio: '在野外蹲守是常态，作品多次入选自然摄影展。', skill: 0, look: 1 },
  { id: 2007, name: '白露', categoryId: 102, intro: '四季风光旅人', bio: '追着季节旅行，春天看花，秋天看叶，冬天看雪。', skill: 3, look: 5 },
  { id: 2008, name: '唐果', categoryId: 103, intro: '家常菜研究员', bio: '复刻家里长辈的拿手菜，把模糊的“少许”变成精确的克数。', skill: 2, look: 0 },
  { id: 2009, name: '苏糖', categoryId: 103, intro: '烘焙爱好者', bio: '从零开始学烘焙，专做新手也能成功的配方。', skill: 2, look: 4 },
  { id: 2010, name: '老何', categoryId: 103, intro: '街头小吃探店', bio: '吃遍大街小巷，只推荐自己愿意再去第二次的店。', skill: 1, look: 2 },
  { id: 2011, name: '江一帆', categoryId: 104, intro: '徒步路线规划师', bio: '走过三十多条徒步线路，分享装备、补给和安全经验。', skill: 3, look: 1 },
  { id: 2012, name: '叶舟', categoryId: 104, intro: '自驾旅行博主', bio: '开着一辆旧车环游全国，记录公路上的风景和故事。', skill: 0, look: 4 },
  { id: 2013, name: '米拉', categoryId: 104, intro: '古镇寻访', bio: '喜欢慢慢地逛古镇，和当地的手艺人聊上一下午。', skill: 1, look: 5 },
  { id: 2014, name: '程工', categoryId: 105, intro: '电子制作达人', bio: '焊台、示波器和开源硬件，什么都想自己动手做一遍。', skill: 4, look: 3 },
  { id: 2015, name: '秦博士', categoryId: 105, intro: '三分钟科普', bio: '把复杂的原理讲成三分钟能听懂的故事。', skill: 1, look: 1 },
  { id: 2016, name: '阿杰', categoryId: 105, intro: '数码产品评测', bio: '只做真实使用一个月以后的评测，不吹不黑。', skill: 1, look: 2 },
  { id: 2017, name: '夏天', categoryId: 106, intro: '跑步教练', bio: '帮助上千名新手完成了第一个五公里。', skill: 5, look: 4 },
  { id: 2018, name: '高远', categoryId: 106, intro: '攀岩与户外', bio: '攀岩十年，喜欢带朋友体验第一次抱石。', skill: 5, look: 3 },
  { id: 2019, name: '小鹿', categoryId: 106, intro: '居家拉伸与瑜伽', bio: '每天十分钟，让久坐的身体重新舒展开。', skill: 5, look: 0 },
  { id: 2020, name: '周毅', categoryId: 106, intro: '球类运动解说', bio: '篮球、羽毛球和乒乓球，用慢动作讲清楚每一个技术细节。', skill: 1, look: 2 },
];

export interface TopicSeed {
  id: number;
  title: string;
  type: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  description: string;
  /** Where the topic's videos come from. */
  source: { categoryIds: number[] } | { tagId: number } | { top: 'play' | 'recent' };
}

export const TOPICS: TopicSeed[] = [
  { id: 501, title: '城市漫游指南', type: 1, description: '从天际线到老街巷，换一个角度认识你生活的城市。', source: { categoryIds: [101] } },
  { id: 502, title: '自然之声', type: 2, description: '云海、溪流和候鸟，戴上耳机听听大自然。', source: { categoryIds: [102] } },
  { id: 503, title: '本周热播榜', type: 3, description: '大家都在看的视频，按播放量排名。', source: { top: 'play' } },
  { id: 504, title: '美食创作者联盟', type: 4, description: '几位美食创作者的拿手好菜，一次看个够。', source: { categoryIds: [103] } },
  { id: 505, title: '跟着镜头去旅行', type: 5, description: '古镇、草原、海岛和沙漠，周末就能出发的路线。', source: { categoryIds: [104] } },
  { id: 506, title: '科技小课堂', type: 6, description: '动手做、动脑想，每集几分钟学一个原理。', source: { categoryIds: [105] } },
  { id: 507, title: '运动让生活更好', type: 7, description: '跑步、攀岩、球类和拉伸，找到适合你的运动。', source: { categoryIds: [106] } },
  { id: 508, title: '夜色', type: 1, description: '天黑以后，城市和山野换上了另一副模样。', source: { tagId: 419 } },
  { id: 509, title: '治愈系短片', type: 2, description: '累了的时候，看几分钟安静美好的画面。', source: { tagId: 409 } },
  { id: 510, title: '新片速递', type: 3, description: '最近上新的视频，按发布时间排列。', source: { top: 'recent' } },
  { id: 511, title: '动手达人', type: 4, description: '厨房和工作台上的手艺，从零做到成品。', source: { categoryIds: [103, 105] } },
  { id: 512, title: '清晨时光', type: 5, description: '早起的人看到的风景。', source: { tagId: 420 } },
];

export const TOPIC_VIDEO_LIMIT = 16;

export const REVIEWERS = ['看片小能手', '周末放映员', '胶片爱好者', '散步的猫', '一只大白', '夜航船', '青柠', '阿木', '南风', '不吃香菜'];

export const REVIEW_TITLES = [
  '比想象中更打动人',
  '画面和节奏都很舒服',
  '值得反复看的细节',
  '短短几分钟，收获很多',
  '适合周末慢慢看',
  '镜头语言很克制',
  '看完想马上出发',
  '新手也能看懂',
];

export const REVIEW_OPENINGS = [
  '第一次看到这个视频是在深夜，本来只想看一眼，结果从头看到了尾。',
  '朋友推荐的时候我还有点怀疑，看完之后只想说一句：推荐得对。',
  '这类题材看过不少，但这一部的完成度明显高出一截。',
  '说实话，开头的几秒钟就已经把我吸引住了。',
];

export const REVIEW_MIDDLES = [
  '构图干净，色彩自然，没有刻意的滤镜，剪辑的节奏也恰到好处，该停留的地方给足了时间。',
  '声音的处理很用心，环境音保留得很完整，闭上眼睛也能想象出画面。',
  '讲解清楚又不啰嗦，每个步骤都有特写，跟着做一遍基本不会出错。',
  '最喜欢中段的那个长镜头，没有解说，只有画面本身在讲故事。',
];

export const REVIEW_ENDINGS = [
  '如果非要挑毛病，就是太短了，希望能有更长的版本。',
  '推荐给想放松一下的朋友，适合在通勤路上看。',
  '已经收藏，打算过段时间再看一遍。',
  '期待创作者的下一部作品。',
];

export const FIRST_REVIEW_ID = 601;
export const REVIEW_COUNT = 40;

/** A home banner: the navigation item it answers as, less its picture (generated, banners/{id}.png). */
export type BannerSeed = Omit<NavItem, 'image'>;

/** Home banners, one per bindType (SPEC §2), so every navigation rule has a live example. */
export const BANNERS: BannerSeed[] = [
  { id: 1, name: '美食频道上新', bindType: 1, bindInt: 103, bindStr: '', jumpType: 0, contentType: 2, sort: 0 },
  { id: 2, name: '专题：城市漫游指南', bindType: 2, bindInt: 501, bindStr: '', jumpType: 0, contentType: 2, sort: 1 },
  { id: 3, name: '纪实题材精选', bindType: 3, bindInt: 401, bindStr: '', jumpType: 0, contentType: 2, sort: 0 },
  { id: 4, name: '会拍照的创作者', bindType: 3, bindInt: 425, bindStr: '', jumpType: 0, contentType: 8, sort: 0 },
  { id: 5, name: '全部标签', bindType: 4, bindInt: 0, bindStr: '/tagList', jumpType: 1, contentType: 2, sort: 0 },
  { id: 6, name: '创作者林夏', bindType: 5, bindInt: 2001, bindStr: '', jumpType: 0, contentType: 8, sort: 0 },
  { id: 7, name: '按题材浏览', bindType: 6, bindInt: 301, bindStr: '', jumpType: 0, contentType: 2, sort: 0 },
  { id: 8, name: '欢迎来到 MD 视频', bindType: 0, bindInt: 0, bindStr: '', jumpType: 0, contentType: 2, sort: 0 },
];

export const BANNER_WIDTH = 960;
export const BANNER_HEIGHT = 400;
