/**
 * The demo content of the group area (/group): a community film club, a photography workshop, a
 * subtitle volunteer team, a city walking group, the app team and its help desk post updates (泡泡),
 * news (资讯), business offerings (商务), services (服务) and calls for creators and volunteers (招募
 * within 商务). Neutral and general-audience. Seeded once behind an app_meta marker
 * (`brandRepository.insertDemo`); texts are plain text, paragraphs separated by blank lines.
 */
import type { Insertable } from 'kysely';
import type { BrandType } from '../../protocol/brand-api.ts';
import type { BrandItemTable } from '../db/schema.ts';

/** Every cover is drawn 16:9 at this size; lists ask for the stored width that fills their slot. */
export const BRAND_COVER_WIDTH = 960;
export const BRAND_COVER_HEIGHT = 540;

/** Seeded ids: one block of a hundred per type, so an id says what it is (operators' start at 100001). */
export const BRAND_FIRST_IDS: Record<BrandType, number> = { bubble: 3101, business: 3201, news: 3301, service: 3401, recruitment: 3501 };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface DemoBrandItem {
  title: string;
  summary: string;
  source: string;
  /** Paragraphs of the body. */
  body: string[];
  /** Recruitment: days from the seed until applications close (negative: closed already); absent: open-ended. */
  endsInDays?: number;
}

const FILM_CLUB = '周末观影会';
const PHOTO = '光影摄影工作坊';
const SUBTITLES = '字幕志愿者小组';
const WALKS = '城市漫步小队';
const TEAM = 'MD 视频团队';
const HELP = '帮助中心';

export const BRAND_DEMO: Record<BrandType, DemoBrandItem[]> = {
  bubble: [
    {
      title: '本周六放映《城市之光》修复版',
      summary: '周六下午两点，社区活动室，座位 40 个，放映后有半小时自由讨论。',
      source: FILM_CLUB,
      body: [
        '这周六下午两点，我们在社区活动室放映《城市之光》修复版，片长约 90 分钟，放映后留半小时自由讨论。',
        '活动室有 40 个座位，先到先坐，不需要报名。欢迎带上朋友和家人，也欢迎带一句你最喜欢的台词来分享。',
      ],
    },
    {
      title: '第 100 部短片字幕完成啦',
      summary: '从去年春天到现在，小组一共为 100 部短片配好了中英双语字幕，谢谢每一位志愿者。',
      source: SUBTITLES,
      body: [
        '从去年春天小组成立到今天，我们一共为 100 部短片配好了中英双语字幕，累计校对超过 3 万行。',
        '谢谢每一位志愿者，也谢谢提出修改意见的观众。下一个目标：为常看的纪录片补上简体和繁体两种字幕。',
      ],
    },
    {
      title: '晨光下的老街：上周外拍作品精选',
      summary: '上周日清晨的外拍，12 位学员交来了 60 多张作品，挑了几张和大家分享。',
      source: PHOTO,
      body: [
        '上周日清晨六点，12 位学员在老街集合，趁着斜射的晨光练习侧逆光人像和街景构图。',
        '大家一共交来 60 多张作品，我们挑了几张在本周的分享会上点评。下一次外拍计划去植物园，时间另行通知。',
      ],
    },
    {
      title: '周日河边漫步路线公布',
      summary: '全程约 6 公里，沿河步道慢慢走，途中会经过两座老桥和一个小集市。',
      source: WALKS,
      body: [
        '这周日早上九点在河滨公园南门集合，全程约 6 公里，沿河步道慢慢走，大约两个半小时。',
        '途中会经过两座老桥和一个周末小集市。请穿舒适的鞋子，自带水杯；下雨顺延一周。',
      ],
    },
    {
      title: '观影会片单投票开始了',
      summary: '下个月的四部片子由大家来选：候选片单已经贴出，投票到本周五晚上。',
      source: FILM_CLUB,
      body: [
        '下个月的四场放映，片子由大家来选。候选片单一共 12 部，包括经典默片、动画长片和两部纪录片。',
        '投票到本周五晚上八点截止，得票最高的四部会排进下个月的放映表。',
      ],
    },
    {
      title: '手机摄影小技巧：对焦和曝光分开调',
      summary: '长按屏幕锁定对焦，再上下滑动调整曝光，逆光场景立刻好拍很多。',
      source: PHOTO,
      body: [
        '很多手机都可以长按屏幕锁定对焦和曝光，然后上下滑动单独调整亮度。逆光拍人像时，先对准人脸锁定，再把曝光略微调亮。',
        '拍夜景时则相反：把曝光调暗一些，灯光的颜色会更饱满，画面也不容易糊。',
      ],
    },
    {
      title: '新成员欢迎会顺利结束',
      summary: '本月加入的 18 位新志愿者和大家见了面，一起熟悉了字幕工具和校对流程。',
      source: SUBTITLES,
      body: [
        '本月新加入的 18 位志愿者在周三晚上的线上欢迎会上和大家见了面。',
        '老成员带着大家熟悉了字幕工具、时间轴校对和术语表。每位新成员都会有一位老成员结对，第一部短片一起完成。',
      ],
    },
    {
      title: '播放页新增进度预览',
      summary: '拖动进度条时会显示该位置的画面缩略图，找片段更方便了。',
      source: TEAM,
      body: [
        '现在在播放页拖动进度条，或者把鼠标停在进度条上，会显示该位置的画面缩略图。',
        '想回看某个片段时，不用再一点点试了。如果你在使用中遇到问题，欢迎在「联系我们」页面告诉我们。',
      ],
    },
    {
      title: '秋季放映季海报征集',
      summary: '为秋季放映季设计一张海报吧，入选作品会贴在活动室门口，并印成明信片。',
      source: FILM_CLUB,
      body: [
        '秋季放映季的主题是「城市与人」，欢迎为它设计一张海报，尺寸不限，手绘和电脑设计都可以。',
        '入选作品会贴在活动室门口，并印成明信片在放映时送给观众。作品请在月底前交给任意一位组织者。',
      ],
    },
    {
      title: '雨天也能走：室内博物馆漫步',
      summary: '如果周末下雨，我们改去市博物馆，跟着讲解员看城市的百年变迁。',
      source: WALKS,
      body: [
        '天气预报说周末可能下雨，所以我们准备了备用路线：市博物馆的「城市百年」常设展。',
        '博物馆免费开放，需要带身份证件预约。讲解员会带我们看老地图和老照片，大约一个半小时。',
      ],
    },
    {
      title: '摄影分享会改到周四晚上',
      summary: '因为场地调整，本周的作品分享会从周三改到周四晚上七点，地点不变。',
      source: PHOTO,
      body: ['因为活动室周三另有安排，本周的作品分享会改到周四晚上七点，地点不变。', '还没交作品的同学可以在周四中午前发给助教，每人最多三张。'],
    },
    {
      title: '帮助中心服务时间调整',
      summary: '节假日期间，帮助中心的在线答复时间调整为上午 10 点到下午 4 点。',
      source: HELP,
      body: [
        '节假日期间，帮助中心的在线答复时间调整为每天上午 10 点到下午 4 点，其他时间提交的反馈会在下一个服务时段处理。',
        '常见问题页面里已经有大部分问题的答案，可以先在那里搜索。',
      ],
    },
  ],
  news: [
    {
      title: '版本更新：观看记录可以跨设备同步了',
      summary: '注册会员在一台设备上看过的视频和进度，换一台设备登录后也能看到。',
      source: TEAM,
      body: [
        '本次更新后，注册会员的观看记录会同步到账号：在手机上看到一半的视频，换到电脑上登录后可以接着看。',
        '游客的观看记录仍然只保存在当前设备上。游客注册成为会员时，这台设备上的记录会一起带到新账号。',
        '如果你在某台设备上清空了观看记录，其他设备上在此之前的记录也会一并清除。',
      ],
    },
    {
      title: '社区公约更新说明',
      summary: '我们更新了社区公约，把「友善讨论」和「尊重原创」两条写得更具体。',
      source: TEAM,
      body: [
        '为了让讨论区和评论区更友善，我们更新了社区公约，主要修改了两条：友善讨论和尊重原创。',
        '友善讨论：就事论事，不对他人进行人身评价。尊重原创：转载他人作品请注明出处，并尊重作者的意愿。',
        '第一次发表评论时会请你阅读并同意公约，已经同意过的会员不需要重复操作。',
      ],
    },
    {
      title: '夏季放映季回顾：12 场放映，600 位观众',
      summary: '周末观影会的夏季放映季结束了，我们整理了这一季的片单和观众留言。',
      source: FILM_CLUB,
      body: [
        '今年夏天，周末观影会一共举办了 12 场放映，累计约 600 人次观看，最受欢迎的是一部关于候鸟迁徙的纪录片。',
        '很多观众在留言本上写下了感想，最多的一句是：「原来和邻居一起看电影这么开心。」',
        '秋季放映季会在下个月开始，片单投票已经在泡泡里开放。',
      ],
    },
    {
      title: '新功能：账号凭证帮你找回账号',
      summary: '在「账号设置」里生成一张账号凭证二维码，换手机时扫一扫就能登录原来的账号。',
      source: TEAM,
      body: [
        '在「账号设置」中可以生成一张账号凭证，它是一个只显示一次的二维码，可以保存为图片。',
        '换新手机或者忘记密码时，用新设备扫描这张二维码，就能登录原来的账号。重新生成后，旧的凭证会立即失效。',
      ],
    },
    {
      title: '字幕志愿者小组获评年度优秀志愿团队',
      summary: '感谢所有参与字幕翻译和校对的志愿者，这份荣誉属于每一个人。',
      source: SUBTITLES,
      body: [
        '字幕志愿者小组获评本年度社区优秀志愿团队。过去一年，小组为 100 部短片配上了双语字幕。',
        '这份荣誉属于每一位参与翻译、听写和校对的志愿者，也属于每一位提出修改意见的观众。',
      ],
    },
    {
      title: '摄影工作坊秋季班开放报名',
      summary: '八次课，从手机摄影基础到简单的后期调色，零基础也可以参加。',
      source: PHOTO,
      body: [
        '光影摄影工作坊秋季班一共八次课，每周六上午上课，内容从构图、光线到简单的后期调色。',
        '零基础也可以参加，用手机就够了。每期限 20 人，报名请在「联系我们」页面留言，写明你的称呼和联系方式。',
      ],
    },
    {
      title: '播放更流畅：自动清晰度更聪明了',
      summary: '网络变慢时会更早切换到较低清晰度，减少卡顿；网速恢复后自动切回高清。',
      source: TEAM,
      body: [
        '我们改进了「自动」清晰度的切换方式：网络变慢时会更早降低清晰度，减少缓冲和卡顿；网速恢复后，会自动切回更高的清晰度。',
        '你仍然可以在播放器的清晰度菜单里固定选择 360p、720p 或 1080p。',
      ],
    },
    {
      title: '城市漫步小队出版了路线小册子',
      summary: '一年走过的 24 条路线整理成了一本小册子，电子版可以免费领取。',
      source: WALKS,
      body: [
        '城市漫步小队把过去一年走过的 24 条路线整理成了一本小册子，每条路线都有地图、距离和沿途值得停下来看看的地方。',
        '电子版可以在小队的活动上扫码免费领取，纸质版会放在社区图书角供大家借阅。',
      ],
    },
    {
      title: '意见反馈现在可以附上截图',
      summary: '在「联系我们」提交意见反馈时，最多可以附上三张截图，问题说得更清楚。',
      source: HELP,
      body: [
        '在「联系我们」页面提交意见反馈时，现在可以附上最多三张截图。遇到页面显示异常时，一张截图往往比一段文字更清楚。',
        '游客也可以提交反馈，留下联系方式的话，我们会在 1 到 2 个工作日内回复。',
      ],
    },
    {
      title: '应用支持安装到桌面',
      summary: '在浏览器菜单里选择「添加到主屏幕」，就能像普通应用一样从桌面打开。',
      source: TEAM,
      body: [
        '现在可以把应用安装到手机或电脑的桌面：在浏览器菜单里选择「添加到主屏幕」或「安装应用」即可。',
        '安装后从桌面打开，会以全屏方式运行，看过的页面在网络不好时也能打开。',
      ],
    },
    {
      title: '纪录片周：六部自然纪录片免费放映',
      summary: '下周每天晚上一部自然纪录片，从深海到高山，适合全家一起看。',
      source: FILM_CLUB,
      body: [
        '下周一到周六，周末观影会每天晚上七点放映一部自然纪录片，主题从深海、雨林到高山和极地。',
        '每部片子 50 分钟左右，适合带孩子一起看。放映结束后，会有志愿者简单介绍片中的动物和植物。',
      ],
    },
    {
      title: '签到奖励规则说明',
      summary: '每天签到可以获得积分，连续签到满指定天数还有额外奖励。',
      source: HELP,
      body: [
        '会员每天可以签到一次获得积分，连续签到达到指定天数时还能领取额外奖励，具体天数和积分在签到日历中可以看到。',
        '断签后连续天数会从头计算。积分可以用来解锁付费帖子，也会计入积分排行。',
      ],
    },
  ],
  business: [
    {
      title: '社区放映场地合作',
      summary: '有闲置的活动室、书店或咖啡馆空间？欢迎和周末观影会一起办放映。',
      source: FILM_CLUB,
      body: [
        '周末观影会一直在寻找适合放映的空间：能坐下 20 到 60 人、可以拉上窗帘、有一面白墙或幕布就够了。',
        '我们负责片源授权、设备和现场志愿者，场地方只需要提供空间和开放时间。每场放映都会在活动介绍里感谢场地方。',
        '有意向的场地方请在「联系我们」页面留言，写明场地位置、可容纳人数和可用时间。',
      ],
    },
    {
      title: '企业观影包场',
      summary: '为团队活动定制一场观影：选片、放映和映后讨论都可以帮你安排。',
      source: FILM_CLUB,
      body: [
        '想为团队安排一次轻松的集体活动？我们可以根据人数和主题推荐片单，并安排放映和映后讨论。',
        '包场适合 20 到 80 人，时长约三小时。费用用于片源授权和设备，结余会投入社区的公益放映。',
      ],
    },
    {
      title: '摄影展场地与赞助合作',
      summary: '年底的学员作品展正在寻找展出场地和印刷赞助。',
      source: PHOTO,
      body: [
        '光影摄影工作坊计划在年底举办学员作品展，展出约 60 幅作品，展期两周。',
        '我们正在寻找展出场地和作品印刷方面的合作伙伴。合作方会在展览现场和作品集中得到致谢。',
      ],
    },
    {
      title: '高校影视社团合作计划',
      summary: '和高校影视社团一起办联合放映、交换片单，也欢迎社团成员参与字幕志愿。',
      source: FILM_CLUB,
      body: [
        '我们希望和更多高校影视社团合作：联合举办放映、交换片单和放映经验，也欢迎社团成员加入字幕志愿者小组。',
        '合作不涉及费用。社团负责人可以在「联系我们」页面留言，我们会安排一次线上交流。',
      ],
    },
    {
      title: '内容授权合作',
      summary: '欢迎独立创作者和机构授权作品在平台展示，我们会清楚标明作者和出处。',
      source: TEAM,
      body: [
        '如果你是独立创作者或内容机构，欢迎授权作品在平台展示。每部作品都会清楚标明作者和出处，并可以链接到你的主页。',
        '授权可以随时撤回。我们会为授权作品提供双语字幕支持，帮助作品被更多观众看到。',
      ],
    },
    {
      title: '城市文旅短片合作',
      summary: '和城市漫步小队一起，用短片介绍城市里值得慢慢走的街区。',
      source: WALKS,
      body: [
        '城市漫步小队积累了 24 条步行路线，我们希望和文旅机构合作，把其中的一些路线拍成三到五分钟的短片。',
        '短片会在平台和社区活动中免费展示，合作方负责拍摄支持，小队负责路线和讲解内容。',
      ],
    },
    {
      title: '公益放映合作伙伴',
      summary: '面向社区长者和儿童的公益放映，欢迎机构一起参与。',
      source: FILM_CLUB,
      body: [
        '每个月我们会在社区养老服务中心和儿童活动中心各办一场公益放映，片子以温暖、轻松的题材为主。',
        '欢迎公益机构、学校和企业志愿者团队一起参与，可以提供场地、交通或现场志愿服务。',
      ],
    },
    {
      title: '摄影器材借用合作',
      summary: '为学员提供入门相机和镜头的借用，欢迎器材商家和爱好者参与。',
      source: PHOTO,
      body: [
        '很多学员刚开始学摄影时没有相机。我们希望建立一个器材借用库，让学员可以免费借用入门相机和镜头。',
        '欢迎器材商家提供样机支持，也欢迎爱好者捐赠闲置器材。每件器材都会登记并定期保养。',
      ],
    },
    {
      title: '活动周边联合设计',
      summary: '和本地设计工作室一起，为放映季设计海报、明信片和帆布袋。',
      source: FILM_CLUB,
      body: ['每个放映季我们都会制作少量海报、明信片和帆布袋送给观众和志愿者。', '欢迎本地设计工作室参与联合设计，作品会署名展示，并在放映现场介绍设计团队。'],
    },
    {
      title: '品牌活动合作说明',
      summary: '与平台合作举办线上线下活动前，请先了解我们的合作原则。',
      source: TEAM,
      body: [
        '我们欢迎与社区、文化和公益相关的活动合作。合作活动需要对所有年龄的观众友好，不含误导性宣传。',
        '合作方式包括联合举办、场地支持和内容共建。请在「联系我们」页面留言，写明活动内容、时间和希望的合作方式。',
      ],
    },
  ],
  service: [
    {
      title: '在线帮助台',
      summary: '账号、播放和功能使用上的问题，都可以在这里得到解答。',
      source: HELP,
      body: [
        '帮助台的服务时间是周一至周五 9:00 到 18:00。你可以先在「常见问题」里搜索，大部分问题都有现成的答案。',
        '没有找到答案的话，请在「联系我们」页面提交意见反馈，写明遇到问题的页面和操作步骤，最好附上截图。我们会在 1 到 2 个工作日内回复。',
      ],
    },
    {
      title: '字幕申请',
      summary: '喜欢的短片还没有字幕？提交申请，字幕志愿者小组会排期制作。',
      source: SUBTITLES,
      body: [
        '如果你喜欢的短片还没有字幕，或者想要另一种语言的字幕，可以提交字幕申请。',
        '小组每周会根据申请人数和片长排期，制作完成后会在泡泡里通知。一般短片需要两到三周。',
      ],
    },
    {
      title: '观影会报名',
      summary: '周末观影会大部分场次不需要报名；需要预约的特别场次在这里报名。',
      source: FILM_CLUB,
      body: [
        '周末观影会的大部分放映先到先坐，不需要报名。座位有限的特别场次（例如导演见面会）需要提前预约。',
        '预约开放后会在泡泡里通知。如果预约后不能到场，请提前取消，把座位留给其他人。',
      ],
    },
    {
      title: '摄影作品点评',
      summary: '每月一次，把你的照片交给工作坊的老师，得到一对一的书面点评。',
      source: PHOTO,
      body: [
        '每月月初，光影摄影工作坊开放作品点评：每人可以提交三张照片，老师会在两周内给出书面点评。',
        '点评会从构图、光线和后期三个方面给出具体建议，适合想要进一步提高的爱好者。',
      ],
    },
    {
      title: '口述影像观影',
      summary: '为视障朋友准备的观影场次，志愿者会在对白间隙讲述画面。',
      source: FILM_CLUB,
      body: [
        '每月第二个周日下午，周末观影会举办一场口述影像放映：志愿者会在对白的间隙讲述画面中的动作、场景和表情。',
        '视障朋友和家人可以免费参加，现场有志愿者引导入座。需要接送协助的话，请提前一周告诉我们。',
      ],
    },
    {
      title: '账号安全检查',
      summary: '几分钟检查一遍：绑定手机、设置锁屏密码、生成账号凭证。',
      source: HELP,
      body: [
        '建议每位会员花几分钟检查账号安全：在「账号设置」中绑定手机号，以便忘记密码时找回。',
        '如果和家人共用设备，可以设置锁屏密码；再生成一张账号凭证并妥善保存，换手机时就能快速找回账号。',
      ],
    },
    {
      title: '创作者上传指导',
      summary: '第一次分享作品？这里有封面尺寸、标题和简介的建议。',
      source: TEAM,
      body: [
        '封面建议使用 16:9 的横图，画面主体放在中间，避免过多文字。标题简洁地说明内容，简介里可以写拍摄地点和想表达的感受。',
        '发帖时最多可以附上九张图片，每张都会单独上传并显示进度，上传失败的图片可以单独重试。',
      ],
    },
    {
      title: '城市漫步路线定制',
      summary: '告诉我们你的时间和兴趣，小队帮你规划一条适合的步行路线。',
      source: WALKS,
      body: [
        '想和朋友或家人去城市里走一走，但不知道去哪里？告诉我们你有多少时间、想看老建筑还是自然风景，小队会推荐一条合适的路线。',
        '路线定制免费，推荐会附上地图、距离和沿途的休息点。',
      ],
    },
    {
      title: '活动室预约',
      summary: '社区活动室可以预约用于读书会、观影会和兴趣小组活动。',
      source: HELP,
      body: [
        '社区活动室可以容纳 40 人，配有投影仪和音响，可以预约用于读书会、观影会和兴趣小组活动。',
        '预约请至少提前三天，每次最长四小时。活动结束后请恢复桌椅并关闭设备。',
      ],
    },
    {
      title: '学生认证',
      summary: '完成学生认证的会员，可以优先报名摄影课程和特别放映场次。',
      source: HELP,
      body: [
        '在校学生完成认证后，可以优先报名光影摄影工作坊的课程和观影会的特别场次。',
        '认证信息只用于确认学生身份，不会公开展示。认证状态可以在「账号设置」的账号状态中看到。',
      ],
    },
  ],
  recruitment: [
    {
      title: '招募：字幕志愿者（英语、日语）',
      summary: '会英语或日语、愿意每周花两三个小时？欢迎加入字幕志愿者小组。',
      source: SUBTITLES,
      endsInDays: 21,
      body: [
        '字幕志愿者小组正在招募会英语或日语的志愿者，负责短片的听写、翻译或校对。每周投入两到三个小时即可。',
        '不需要专业经验，新成员会有老成员结对带领，第一部短片一起完成。请在「联系我们」页面留言，写明擅长的语言和每周可以投入的时间。',
      ],
    },
    {
      title: '招募：观影会现场志愿者',
      summary: '帮忙签到、引导入座和整理场地，每月参加一到两场即可。',
      source: FILM_CLUB,
      endsInDays: 14,
      body: [
        '周末观影会需要现场志愿者，帮忙签到、引导观众入座、放映后整理场地。每月参加一到两场即可。',
        '志愿者可以免费观看当场放映，并参加每季度一次的志愿者聚会。',
      ],
    },
    {
      title: '招募：短片创作者',
      summary: '以「我的街区」为题拍一部三分钟以内的短片，入选作品会在秋季放映季展映。',
      source: FILM_CLUB,
      endsInDays: 30,
      body: [
        '秋季放映季设有「我的街区」短片单元，欢迎拍一部三分钟以内的短片，记录你生活的街区里的人和事。',
        '手机拍摄也可以。入选作品会在放映季展映，作者可以在映后和观众交流。投稿请在截止日期前提交。',
      ],
    },
    {
      title: '招募：摄影工作坊助教',
      summary: '有一定摄影基础、愿意帮助新手？欢迎成为秋季班的助教。',
      source: PHOTO,
      endsInDays: 10,
      body: [
        '光影摄影工作坊秋季班需要两位助教，协助老师指导学员外拍、整理作业和组织分享会。',
        '希望你有一年以上的摄影经验，每周六上午有空。助教可以免费参加全部课程。',
      ],
    },
    {
      title: '招募：城市漫步路线策划',
      summary: '熟悉某个街区的故事？和我们一起设计一条新的漫步路线。',
      source: WALKS,
      body: [
        '如果你熟悉某个街区的历史、建筑或者好吃的小店，欢迎和城市漫步小队一起设计一条新路线。',
        '路线策划没有截止日期，随时欢迎。新路线会先由小队试走一次，再正式对外开放。',
      ],
    },
    {
      title: '招募：口述影像志愿者',
      summary: '用声音为视障朋友讲述电影画面，参加培训后即可上岗。',
      source: FILM_CLUB,
      endsInDays: 45,
      body: [
        '口述影像志愿者会在对白的间隙，用简洁的语言讲述画面中的动作、场景和表情，帮助视障朋友「看」电影。',
        '报名后需要参加两次培训，之后每月参加一场口述影像放映。欢迎普通话清晰、有耐心的朋友加入。',
      ],
    },
    {
      title: '招募：社区活动摄影师',
      summary: '为放映会、漫步和分享会留下影像记录，作品会署名展示。',
      source: PHOTO,
      endsInDays: 20,
      body: [
        '社区的各项活动需要有人记录：放映会的观众、漫步路上的风景、分享会上的笑脸。',
        '欢迎喜欢拍照的朋友报名，每月拍一到两场活动即可，作品会署名展示在活动回顾中。',
      ],
    },
    {
      title: '招募：新版本体验官',
      summary: '提前体验新功能，把你的感受告诉我们，帮助应用变得更好用。',
      source: TEAM,
      endsInDays: -3,
      body: [
        '我们在每次发布新版本前，会邀请一些会员提前体验新功能，并填写一份简短的体验问卷。',
        '本期招募已经截止，感谢大家的踊跃报名。下一期招募会在泡泡里通知。',
      ],
    },
  ],
};

/** How long before the seed each type's newest item was published, and the step between items. */
const PUBLISHED: Record<BrandType, { firstHours: number; stepHours: number }> = {
  bubble: { firstHours: 2, stepHours: 17 },
  news: { firstHours: 5, stepHours: 41 },
  business: { firstHours: 20, stepHours: 67 },
  service: { firstHours: 30, stepHours: 73 },
  recruitment: { firstHours: 9, stepHours: 53 },
};

/** Each type's items in seed order, with their fixed ids and cover paths. */
function demoEntries(): { type: BrandType; id: number; item: DemoBrandItem; index: number; cover: string }[] {
  return (Object.keys(BRAND_DEMO) as BrandType[]).flatMap((type) =>
    BRAND_DEMO[type].map((item, index) => ({ type, id: BRAND_FIRST_IDS[type] + index, item, index, cover: `brand/${type}-${index + 1}.png` })),
  );
}

/** The rows of the group area, newest first within each type. */
export function brandRows(now = Date.now()): Insertable<BrandItemTable>[] {
  return demoEntries().map(({ type, id, item, index, cover }) => ({
    id,
    type,
    title: item.title,
    summary: item.summary,
    source: item.source,
    body: item.body.join('\n\n'),
    cover,
    cover_width: BRAND_COVER_WIDTH,
    cover_height: BRAND_COVER_HEIGHT,
    published_at: new Date(now - (PUBLISHED[type].firstHours + index * PUBLISHED[type].stepHours) * HOUR_MS),
    ends_at: item.endsInDays === undefined ? null : new Date(now + item.endsInDays * DAY_MS),
  }));
}

/** The covers the group area refers to, for ensureImages. */
export function brandImages(): { path: string; width: number; height: number; seed: number }[] {
  return demoEntries().map(({ id, cover }) => ({ path: cover, width: BRAND_COVER_WIDTH, height: BRAND_COVER_HEIGHT, seed: 70_000 + id }));
}
