/** The demo catalogue: neutral, general-audience content in six categories. */
import type { AdLinkField } from '../../protocol/contracts/app.ts';

export interface CategorySeed {
  id: number;
  name: string;
  tags: string[];
}

export const CATEGORIES: CategorySeed[] = [
  { id: 101, name: '城市', tags: ['城市', '建筑', '夜景', '街道'] },
  { id: 102, name: '自然', tags: ['自然', '风景', '四季', '野生动物'] },
  { id: 103, name: '美食', tags: ['美食', '家常菜', '烘焙', '小吃'] },
  { id: 104, name: '旅行', tags: ['旅行', '徒步', '古镇', '自驾'] },
  { id: 105, name: '科技', tags: ['科技', '数码', '科普', '编程'] },
  { id: 106, name: '运动', tags: ['运动', '健身', '跑步', '球类'] },
];

export interface VideoSeed {
  categoryId: number;
  title: string;
  description: string;
}

/**
 * Every video, ids from FIRST_VIDEO_ID in this order: the first BASE_VIDEO_COUNT (six per category)
 * are the base catalogue, the rest (five more per category) came with the browsing content and are
 * seeded with it, behind its own guard.
 */
export const VIDEOS: VideoSeed[] = [
  { categoryId: 101, title: '晨光里的城市天际线', description: '清晨六点，第一缕阳光照亮高楼的玻璃幕墙。' },
  { categoryId: 101, title: '雨后老街的青石板路', description: '一场小雨过后，老街的石板路映出两旁的灯笼。' },
  { categoryId: 101, title: '地铁站里的早高峰', description: '记录通勤人潮在换乘通道里有序流动的一分钟。' },
  { categoryId: 101, title: '夜色中的跨江大桥', description: '灯光随着车流变幻，大桥像一条发光的缎带。' },
  { categoryId: 101, title: '屋顶花园的一天', description: '城市楼顶上的小菜园，从播种到收获。' },
  { categoryId: 101, title: '旧厂房改造的艺术街区', description: '红砖厂房变身画廊与咖啡馆，保留了原来的钢架结构。' },
  { categoryId: 102, title: '山谷里的云海日出', description: '凌晨登顶，等待云海翻涌、太阳升起的那一刻。' },
  { categoryId: 102, title: '湿地候鸟的迁徙季', description: '成群的候鸟在湿地停歇觅食，准备继续南飞。' },
  { categoryId: 102, title: '竹林深处的溪流', description: '沿着溪水走进竹林，听水声和风声。' },
  { categoryId: 102, title: '草原上的星空延时', description: '一整夜的银河延时摄影，没有一盏灯光。' },
  { categoryId: 102, title: '秋天的银杏大道', description: '金黄的银杏叶铺满道路，踩上去沙沙作响。' },
  { categoryId: 102, title: '海边礁石上的潮汐', description: '涨潮与退潮之间，礁石上的小生物忙个不停。' },
  { categoryId: 103, title: '手工拉面的十八道工序', description: '从和面到出锅，一碗拉面背后的功夫。' },
  { categoryId: 103, title: '外婆的红烧肉', description: '小火慢炖两个小时，肥而不腻的家常味道。' },
  { categoryId: 103, title: '清晨菜市场的早点铺', description: '豆浆、油条和刚出笼的包子，一条街的烟火气。' },
  { categoryId: 103, title: '零失败的酸奶蛋糕', description: '只需要四种材料，用电饭锅也能做出来。' },
  { categoryId: 103, title: '夜市里的烤冷面', description: '铁板上滋滋作响，加蛋加肠再刷一层酱。' },
  { categoryId: 103, title: '桂花糯米藕的做法', description: '把糯米塞进莲藕，再用桂花糖浆慢慢煮透。' },
  { categoryId: 104, title: '骑行环湖一百公里', description: '两天时间骑完整个湖岸，沿途的村庄和渔船。' },
  { categoryId: 104, title: '古镇水乡的乌篷船', description: '坐船穿过石桥，看两岸的白墙黑瓦。' },
  { categoryId: 104, title: '雪山脚下的徒步路线', description: '一条适合新手的三日徒步线路，全程记录。' },
  { categoryId: 104, title: '绿皮火车上的风景', description: '慢车穿过山区隧道，窗外的风景一帧一帧。' },
  { categoryId: 104, title: '沙漠里的驼铃声', description: '跟着驼队走进沙漠，在沙丘上看日落。' },
  { categoryId: 104, title: '海岛自驾攻略', description: '环岛公路、灯塔和最适合看海的几个停车点。' },
  { categoryId: 105, title: '一块电路板是怎样焊成的', description: '从贴片到回流焊，显微镜下的制造过程。' },
  { categoryId: 105, title: '三分钟看懂卫星导航', description: '为什么至少需要四颗卫星才能确定位置。' },
  { categoryId: 105, title: '自制天气观测站', description: '用开源硬件记录温度、湿度和气压。' },
  { categoryId: 105, title: '机械键盘拆解与清洁', description: '拆下键帽和轴体，给用了五年的键盘做一次保养。' },
  { categoryId: 105, title: '光纤里的光是如何传播的', description: '用激光笔和水流演示全反射现象。' },
  { categoryId: 105, title: '从零搭建家庭网络', description: '路由器、交换机和网线的选择与布线。' },
  { categoryId: 106, title: '清晨江边的五公里慢跑', description: '配速、呼吸和步频，新手跑者的入门建议。' },
  { categoryId: 106, title: '羽毛球杀球慢动作', description: '高速摄影下的挥拍轨迹和击球瞬间。' },
  { categoryId: 106, title: '十分钟居家拉伸', description: '久坐之后放松肩颈和腰背的简单动作。' },
  { categoryId: 106, title: '攀岩馆初体验', description: '第一次抱石，从最简单的线路开始。' },
  { categoryId: 106, title: '社区篮球赛的最后一分钟', description: '比分交替领先，最后一投定胜负。' },
  { categoryId: 106, title: '皮划艇穿越峡谷', description: '平静的河段与小急流，安全装备一样不能少。' },
  // Ids 1037..1066: seeded with the browsing content.
  { categoryId: 101, title: '霓虹灯下的夜市街', description: '收摊前的最后一小时，灯牌和叫卖声交织在一起。' },
  { categoryId: 101, title: '城市公园的清晨太极', description: '湖边的空地上，一群老人跟着音乐慢慢舒展。' },
  { categoryId: 101, title: '老城区的骑楼建筑', description: '沿街的骑楼为行人遮风挡雨，也藏着百年的故事。' },
  { categoryId: 101, title: '高架桥下的涂鸦墙', description: '灰色的桥墩变成了画布，每个月都会换上新作品。' },
  { categoryId: 101, title: '港口集装箱码头', description: '巨大的吊臂日夜不停，把货物送往世界各地。' },
  { categoryId: 102, title: '高山湖泊的倒影', description: '无风的清晨，雪峰完整地倒映在湖面上。' },
  { categoryId: 102, title: '萤火虫之夜', description: '夏夜的山谷里，成千上万的萤火虫同时亮起。' },
  { categoryId: 102, title: '冬日雾凇奇观', description: '零下二十度的江边，树枝挂满了洁白的冰晶。' },
  { categoryId: 102, title: '热带雨林的清晨', description: '鸟鸣、雾气和高大的板根，雨林醒来的样子。' },
  { categoryId: 102, title: '花海里的蜜蜂', description: '微距镜头下，蜜蜂在油菜花之间忙碌采蜜。' },
  { categoryId: 103, title: '一锅老火靓汤', description: '猪骨、玉米和胡萝卜，小火慢煲三个小时。' },
  { categoryId: 103, title: '手冲咖啡入门', description: '研磨度、水温和注水节奏，三件事决定一杯咖啡。' },
  { categoryId: 103, title: '饺子的五种包法', description: '月牙饺、元宝饺、麦穗饺，一次学会。' },
  { categoryId: 103, title: '早茶点心拼盘', description: '虾饺、烧卖和叉烧包，一笼一笼端上桌。' },
  { categoryId: 103, title: '街角的烤红薯', description: '铁桶炉子里烤出的红薯，剥开冒着热气。' },
  { categoryId: 104, title: '边境小城的集市', description: '清晨开市，各地的商贩带来了新鲜的水果和手工艺品。' },
  { categoryId: 104, title: '草原骑马初体验', description: '从上马到小跑，牧民手把手教的第一堂课。' },
  { categoryId: 104, title: '海上看日出的渡轮', description: '凌晨五点的甲板上，等待太阳从海平线升起。' },
  { categoryId: 104, title: '古城墙上骑自行车', description: '一圈十四公里，俯瞰城墙内外的街巷。' },
  { categoryId: 104, title: '山间民宿的一夜', description: '柴火灶、星空和清晨的鸡鸣，远离城市的一晚。' },
  { categoryId: 105, title: '3D 打印一把椅子', description: '从建模、切片到打印完成，一共用了三十个小时。' },
  { categoryId: 105, title: '太阳能小车制作', description: '一块太阳能板和两个电机，让小车在阳光下跑起来。' },
  { categoryId: 105, title: '显微镜下的一滴水', description: '池塘里的一滴水中，生活着许多微小的生物。' },
  { categoryId: 105, title: '无人机航拍入门', description: '起飞检查、构图和安全规则，新手需要知道的一切。' },
  { categoryId: 105, title: '旧电脑再利用', description: '把十年前的笔记本改造成家庭媒体服务器。' },
  { categoryId: 106, title: '飞盘运动入门', description: '正手、反手和接盘，飞盘运动的基本动作。' },
  { categoryId: 106, title: '游泳换气的技巧', description: '自由泳侧身换气，分解动作一步一步练。' },
  { categoryId: 106, title: '城市定向越野', description: '拿着地图穿过街区，在限定时间内找到所有打卡点。' },
  { categoryId: 106, title: '乒乓球发球教学', description: '上旋、下旋和侧旋发球，看清球拍的角度。' },
  { categoryId: 106, title: '滑板的第一个动作', description: '从站稳到滑行，再到第一个豚跳。' },
];

export const FIRST_VIDEO_ID = 1001;
export const BASE_VIDEO_COUNT = 36;

/** Play counts spread over 0..2,000,000 so the K and W formats of the client all appear. */
export const PLAY_COUNTS = [
  0, 7, 86, 999, 1000, 1234, 5678, 9999, 10000, 12500, 33333, 99999, 100000, 154321, 250000, 999999, 1000000, 1500000, 1999999, 2000000, 42, 640, 8848, 27182,
  31415, 72000, 120000, 345678, 456789, 567890, 678901, 789012, 890123, 901234, 1234567, 1765432,
];

export interface AdvertiseSeed {
  id: number;
  position: 'home_banner' | 'home_list' | 'video_detail';
  title: string;
  linkField: AdLinkField;
  link: string;
  width: number;
  height: number;
}

export const ADVERTISE: AdvertiseSeed[] = [
  { id: 1, position: 'home_banner', title: '城市影像周', linkField: 'href', link: 'https://example.com/events/city-week', width: 960, height: 400 },
  { id: 2, position: 'home_banner', title: '自然纪录片专题', linkField: 'url', link: 'https://example.com/topics/nature', width: 960, height: 400 },
  { id: 3, position: 'home_banner', title: '家常菜合集', linkField: 'linkUrl', link: 'https://example.com/topics/home-cooking', width: 960, height: 400 },
  { id: 4, position: 'home_list', title: '周末去哪儿', linkField: 'link', link: 'https://example.com/travel/weekend', width: 640, height: 200 },
  { id: 5, position: 'home_list', title: '科普小课堂', linkField: 'quickLinkUrl', link: 'https://example.com/science', width: 640, height: 200 },
  { id: 6, position: 'video_detail', title: '运动打卡挑战', linkField: 'href', link: 'https://example.com/sports/challenge', width: 640, height: 200 },
  { id: 7, position: 'video_detail', title: '摄影入门指南', linkField: 'url', link: 'https://example.com/photo/guide', width: 640, height: 200 },
];
