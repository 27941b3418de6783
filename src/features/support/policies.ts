import type { Locale } from '../../i18n/index.ts';

/**
 * The privacy policy and the terms of service of /contactUs (#privacy, #terms): plain text in
 * sections, each a heading with paragraphs and, where the text lists things, items. They live in
 * this route's chunk rather than in the catalogue, which ships in the first JS of every page.
 */
export interface PolicySection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface PolicyDocument {
  /** Shown as 更新日期 / Last updated. */
  updated: string;
  intro: string;
  sections: PolicySection[];
}

export const SUPPORT_EMAIL = 'support@example.com';

const zhPrivacy: PolicyDocument = {
  updated: '2025年6月1日',
  intro: '本政策说明 MD 视频（以下简称「我们」）在你使用本应用时保存哪些信息、如何使用这些信息，以及你可以如何查看、导出和删除它们。',
  sections: [
    {
      heading: '一、我们保存的信息',
      items: [
        '账号信息：账号名、昵称、头像、个性签名；绑定手机号时保存手机号。密码只以不可逆的哈希值保存，任何人（包括我们）都无法读出你的密码。',
        '游客身份：第一次打开应用时为设备生成的随机标识，用于自动登录，不包含你的姓名或联系方式。',
        '收藏与关注：你收藏的视频和关注的创作者。',
        '观看历史：你看过的视频和播放进度。',
        '评论与帖子：你发表的评论、帖子及其图片，你的点赞和积分、签到记录，以及系统消息的已读状态。',
        '意见反馈：反馈内容、你自愿填写的联系方式和截图。',
        '安全所需的信息：登录会话、请求时间和 IP 地址，用于防止频繁请求、盗号和撞库。',
      ],
    },
    {
      heading: '二、保存在你设备上的信息',
      paragraphs: [
        '观看历史还会保存在你的设备上（浏览器的本地数据库），最近浏览的演员和影评、搜索记录和最近打开过的页面也是如此，这样离线时也能查看，打开也更快。',
        '退出登录时，本设备缓存的个人数据会被清除；你也可以在「我的」页面清除浏览记录，或在浏览器设置中清除本网站的数据。',
      ],
    },
    {
      heading: '三、我们如何使用这些信息',
      paragraphs: [
        '仅用于提供本应用的功能：登录和在设备间同步、显示你的收藏和历史、计算积分和称号、发送与你有关的系统消息、处理你的反馈，以及保护账号和服务的安全。',
        '我们不会出售你的个人信息，也不会把它用于与本应用无关的目的。',
      ],
    },
    {
      heading: '四、公开的内容与共享',
      paragraphs: ['你发表的评论和帖子会连同你的昵称和头像公开显示。除法律法规要求，或为保护用户和公众安全所必需外，我们不会向第三方提供你的个人信息。'],
    },
    {
      heading: '五、你的权利',
      items: [
        '查看与修改：在「账号设置」中修改昵称、头像、签名、密码和绑定的手机号。',
        '导出：在「账号设置」的「数据与账号」中点击「导出我的数据」，下载包含你全部数据的 JSON 文件。',
        '注销：在同一位置注销账号。注销后，账号、收藏、历史、积分、签到和消息立即删除，所有设备上的登录失效；你发表过的评论和帖子显示为「已注销用户」，提交过的反馈会保留，但不再与任何账号关联。',
      ],
    },
    {
      heading: '六、保存期限与安全',
      paragraphs: [
        '账号存续期间我们保存你的数据；上传后未被使用的图片会在 7 天后自动删除，过期的登录会话会定期清除。',
        '所有请求都经过签名校验，内容加密传输；登录会话有有效期，你还可以开启锁屏密码，保护共用设备上的隐私。',
      ],
    },
    {
      heading: '七、未成年人',
      paragraphs: ['如果你未满 18 周岁，请在监护人的同意和指导下使用本应用。'],
    },
    {
      heading: '八、政策的更新',
      paragraphs: [`本政策更新时，我们会修改页首的更新日期；重要变更会通过系统公告通知你。如有疑问，请发送邮件至 ${SUPPORT_EMAIL}，或在本页提交意见反馈。`],
    },
  ],
};

const zhTerms: PolicyDocument = {
  updated: '2025年6月1日',
  intro: '欢迎使用 MD 视频。注册或使用本应用，即表示你已阅读并同意本协议。',
  sections: [
    {
      heading: '一、账号',
      items: [
        '第一次打开应用时，你会自动获得一个游客身份；注册账号需要不少于 6 位的账号名和密码。',
        '请妥善保管你的密码和账号凭证，不要与他人共享。',
        '账号名和昵称不得冒充他人，也不得含有违法或侮辱性的内容。',
      ],
    },
    {
      heading: '二、内容规范',
      paragraphs: ['发表评论和帖子、上传图片或提交反馈时，不得发布：'],
      items: [
        '违反法律法规的内容；',
        '骚扰、辱骂、威胁他人或进行人身攻击的内容；',
        '他人的隐私信息，如电话号码、住址、证件信息；',
        '广告、刷屏或与内容无关的信息；',
        '侵犯他人著作权、肖像权等权利的内容；',
        '恶意程序、钓鱼链接或其他危害他人设备和账号安全的内容。',
      ],
    },
    {
      heading: '三、禁止的行为',
      items: [
        '利用帖子、评论或私下约定进行任何交易，包括买卖账号、积分或付费帖子的内容；',
        '用程序批量注册账号、刷积分、刷评论或点赞；',
        '绕过、破坏本应用的安全措施，或干扰服务的正常运行。',
      ],
    },
    {
      heading: '四、积分与付费帖子',
      paragraphs: [
        '积分只能在本应用内使用，不能兑换现金，也不能转让给他人。付费帖子的价格由作者设定，解锁后积分不予退还。',
        '以不正当方式获得的积分可能被扣除。',
      ],
    },
    {
      heading: '五、你发布的内容',
      paragraphs: [
        '你对自己发布的内容负责，并保留其相关权利；你同意我们在本应用内存储、展示和进行必要的处理（例如生成不同尺寸的图片）。',
        '违反本协议的内容可能被隐藏或删除，情节严重的账号可能被限制使用。',
      ],
    },
    {
      heading: '六、服务的变更与中断',
      paragraphs: ['我们会尽力保持服务稳定，但可能因维护、升级或不可抗力暂停部分功能，并会尽量提前通过系统公告告知。'],
    },
    {
      heading: '七、协议的更新',
      paragraphs: [`本协议更新后会在本页公布，继续使用即表示你接受更新后的协议。如有疑问，请发送邮件至 ${SUPPORT_EMAIL}。`],
    },
  ],
};

const enPrivacy: PolicyDocument = {
  updated: 'June 1, 2025',
  intro: 'This policy explains what MD Video (“we”) keeps when you use the app, what we use it for, and how you can see, export and delete it.',
  sections: [
    {
      heading: '1. What we keep',
      items: [
        'Your account: account name, nickname, avatar and signature; your phone number if you bind one. Passwords are kept only as a one-way hash: nobody, including us, can read them.',
        'Your guest identity: a random identifier made for your device the first time you open the app, used to sign you in automatically. It holds no name or contact details.',
        'Favourites and follows: the videos you favourite and the creators you follow.',
        'Watch history: the videos you watched and how far you got.',
        'Comments and posts: what you write and the pictures in it, your likes, points and check-ins, and which messages you have read.',
        'Feedback: what you send us, and the contact details and screenshots you choose to add.',
        'What security needs: sign-in sessions, request times and IP addresses, used against abuse and account takeover.',
      ],
    },
    {
      heading: '2. What stays on your device',
      paragraphs: [
        'Your watch history is also kept on your device (the browser’s local database), as are the creators and reviews you viewed recently, your recent searches and the pages you opened last, so they work offline and open faster.',
        'Signing out clears the personal data cached on the device. You can also clear your records on the Me page, or clear this site’s data in your browser settings.',
      ],
    },
    {
      heading: '3. How we use it',
      paragraphs: [
        'Only to run the app: signing in and syncing between devices, showing your favourites and history, counting points and titles, sending messages that concern you, handling your feedback, and keeping accounts and the service safe.',
        'We do not sell your personal data, and we do not use it for anything unrelated to the app.',
      ],
    },
    {
      heading: '4. What is public, and sharing',
      paragraphs: [
        'Comments and posts you publish are shown with your nickname and avatar. We give your personal data to no one else unless the law requires it or it is needed to protect the safety of users and the public.',
      ],
    },
    {
      heading: '5. Your rights',
      items: [
        'See and change: edit your nickname, avatar, signature, password and phone in Account settings.',
        'Export: under Data and account in Account settings, Export my data downloads everything your account holds as one JSON file.',
        'Delete: in the same place you can delete your account. Your account, favourites, history, points, check-ins and messages go at once and every device is signed out; your comments and posts stay under “Deleted user”, and feedback you sent is kept without any link to an account.',
      ],
    },
    {
      heading: '6. How long, and security',
      paragraphs: [
        'We keep your data while your account exists. Uploaded pictures that nothing uses are deleted after 7 days, and expired sessions are removed regularly.',
        'Every request is signed and its content encrypted; sessions expire, and you can turn on a screen lock passcode to protect a shared device.',
      ],
    },
    {
      heading: '7. Minors',
      paragraphs: ['If you are under 18, use the app only with the consent and guidance of a parent or guardian.'],
    },
    {
      heading: '8. Changes',
      paragraphs: [
        `When this policy changes we update the date at its top, and we announce important changes in the system messages. Questions: write to ${SUPPORT_EMAIL} or send feedback on this page.`,
      ],
    },
  ],
};

const enTerms: PolicyDocument = {
  updated: 'June 1, 2025',
  intro: 'Welcome to MD Video. By signing up or using the app you agree to these terms.',
  sections: [
    {
      heading: '1. Accounts',
      items: [
        'The first time you open the app you are signed in as a guest; an account needs a name and a password of at least 6 characters each.',
        'Keep your password and account card safe and do not share them.',
        'Account names and nicknames must not impersonate anyone or contain unlawful or insulting words.',
      ],
    },
    {
      heading: '2. Content rules',
      paragraphs: ['In comments, posts, pictures and feedback, do not publish:'],
      items: [
        'anything unlawful;',
        'harassment, insults, threats or personal attacks;',
        'other people’s private information, such as phone numbers, addresses or ID details;',
        'advertising, spam or off-topic flooding;',
        'material that infringes copyright, portrait rights or other rights;',
        'malware, phishing links or anything else that endangers other people’s devices or accounts.',
      ],
    },
    {
      heading: '3. Not allowed',
      items: [
        'Trading of any kind through posts, comments or private arrangements, including selling accounts, points or the contents of paid posts;',
        'registering accounts, earning points, commenting or liking in bulk with scripts;',
        'getting around or breaking the app’s security, or disrupting the service.',
      ],
    },
    {
      heading: '4. Points and paid posts',
      paragraphs: [
        'Points can only be used in the app: they cannot be exchanged for money or given to others. Authors set the price of paid posts, and points spent to unlock one are not refunded.',
        'Points earned by abuse may be taken back.',
      ],
    },
    {
      heading: '5. What you publish',
      paragraphs: [
        'You are responsible for what you publish and keep your rights to it; you allow us to store and show it in the app and to process it as needed (for example, resizing pictures).',
        'Content that breaks these terms may be hidden or removed, and serious cases may lead to limits on the account.',
      ],
    },
    {
      heading: '6. Changes to the service',
      paragraphs: [
        'We do our best to keep the service running, but features may pause for maintenance, upgrades or events beyond our control; we announce planned pauses in advance where we can.',
      ],
    },
    {
      heading: '7. Changes to these terms',
      paragraphs: [`Updated terms are published on this page; using the app afterwards means you accept them. Questions: write to ${SUPPORT_EMAIL}.`],
    },
  ],
};

export const POLICIES: Record<Locale, { privacy: PolicyDocument; terms: PolicyDocument }> = {
  'zh-CN': { privacy: zhPrivacy, terms: zhTerms },
  en: { privacy: enPrivacy, terms: enTerms },
};
