/** Demo content: enough for every page to show something real on first start. */

export const demoEssays = (pictures: string[]): string[] => [
  `# 你好，糖果罐\n\n这是第一篇随笔。糖果罐是一个只属于一个人的小站：随笔、朋友圈、番剧、工具箱，还有一个只有主人能进的后台。\n\n![晴天](${pictures[0]})\n\n> Happy Sugar Life.`,
  `今天学会了用 \`git bisect\` 找回归：\n\n\`\`\`bash\ngit bisect start\ngit bisect bad HEAD\ngit bisect good v1.0.0\n\`\`\`\n\n十分钟就定位到了那个提交。`,
  `雨天适合听歌。\n\n[music:1901371647]\n\n窗外的雨声和耳机里的鼓点混在一起，意外地合拍。`,
  `## 读书笔记\n\n- 《夜晚的潜水艇》：想象力是最好的潜水艇。\n- 《献给阿尔吉侬的花束》：温柔比聪明更难。\n\n读完一本书就像去了一趟远方。`,
  `拍了一张海。\n\n![海](${pictures[1]})\n\n风很大，浪也很大，但心里很平静。`,
  `写代码的时候最怕的不是 bug，而是**不知道自己不知道**。所以先写测试，再写代码。`,
  `给猫换了新的猫砂盆，它研究了整整一个下午。\n\n![猫](${pictures[2]})`,
  `TypeScript 小技巧：\n\n\`\`\`ts\ntype DeepReadonly<T> = { readonly [K in keyof T]: DeepReadonly<T[K]> };\n\`\`\`\n\n类型体操适可而止。`,
  `樱花开了，又是一年春天。\n\n![樱](${pictures[3]})`,
  `深夜的便利店是城市的灯塔。关东煮、饭团、还有一杯热可可。`,
  `今天把博客的离线模式做完了：服务器不在的时候，页面会从 CDN 上的静态快照读取内容。`,
  `「人生就像一盒巧克力，你永远不知道下一颗是什么味道。」\n\n但糖果罐里的每一颗都是甜的。`,
  `## 周末计划\n\n1. 把积压的番补完\n2. 整理照片\n3. 做一次大扫除\n\n结果只完成了第一项。`,
  `风吹过的时候，树叶的声音像是在说话。\n\n![风](${pictures[7]})`,
  `学习 Rust 的第三天，终于和借用检查器握手言和了。`,
  `今天的晚霞是粉紫色的，像打翻了的果汁。`,
  `**逢魔之时**：傍晚五点到七点，据说是会遇到妖怪的时刻。走路回家的时候多看了几眼路灯。`,
  `把老照片扫描成了电子版，二十年前的自己笑得很傻。\n\n![糖](${pictures[5]})`,
  `算法题：给一个数组，找出和为 0 的三元组。排序 + 双指针，O(n²)。`,
  `一个人的网站，一个人的后台，一个人的深夜。`,
  `今天的咖啡太苦了，加了三块方糖。`,
  `雨停了，空气里有泥土的味道。\n\n![雨](${pictures[6]})`,
  `终于把 PostgreSQL 的全文检索调好了，中文也能搜。`,
  `夜里睡不着，起来写了一段代码，又删掉了。\n\n![夜](${pictures[4]})`,
  `「山有木兮木有枝，心悦君兮君不知。」`,
];

export const demoAbout = `# 关于

你好，这里是**糖果罐**。

一个自己搭的小站，记录随笔、番剧、照片和一些零碎的想法。

- 站点不使用 Cookie，只用浏览器的本地存储保存你的设置。
- 评论时可以留下昵称和邮箱，邮箱不会公开。

欢迎在下面留言。
`;

export const demoLinks = [
  { name: 'Vite', url: 'https://vite.dev', description: '下一代前端构建工具', state: 1 },
  { name: 'React', url: 'https://react.dev', description: '用于构建用户界面的库', state: 1 },
  { name: 'Kysely', url: 'https://kysely.dev', description: '类型安全的 SQL 查询构建器', state: 1 },
  { name: 'Fastify', url: 'https://fastify.dev', description: '快速低开销的 Web 框架', state: 1 },
  { name: '旧友的博客', url: 'https://old-friend.example.org', description: '已经很久没有更新了', state: 2 },
  { name: '失联的小站', url: 'https://lost.example.net', description: '域名已过期', state: 2 },
  { name: '单向的星星', url: 'https://one-way.example.com', description: '我关注了它，它不认识我', state: 3 },
  { name: '远方的灯塔', url: 'https://lighthouse.example.com', description: '单向友链', state: 3 },
];

export const demoBangumi = [
  {
    subjectId: 876,
    title: 'CLANNAD',
    titleCn: 'CLANNAD',
    airDate: '2007-10-04',
    watched: 23,
    total: 23,
    status: 'watched',
    rating: 9,
    review: '人生。',
    tags: ['Key', '催泪'],
  },
  {
    subjectId: 253,
    title: 'カウボーイビバップ',
    titleCn: '星际牛仔',
    airDate: '1998-04-03',
    watched: 26,
    total: 26,
    status: 'watched',
    rating: 10,
    review: 'See you space cowboy.',
    tags: ['科幻', '爵士'],
  },
  {
    subjectId: 9717,
    title: 'とある科学の超電磁砲',
    titleCn: '某科学的超电磁炮',
    airDate: '2009-10-02',
    watched: 12,
    total: 24,
    status: 'watching',
    rating: 8,
    review: '',
    tags: ['百合', '超能力'],
  },
  {
    subjectId: 265,
    title: 'ハッピーシュガーライフ',
    titleCn: '幸福甜蜜生活',
    airDate: '2018-07-13',
    watched: 12,
    total: 12,
    status: 'watched',
    rating: 7,
    review: '站名的来源。',
    tags: ['致郁'],
  },
  {
    subjectId: 1424,
    title: 'けいおん!',
    titleCn: '轻音少女',
    airDate: '2009-04-02',
    watched: 5,
    total: 13,
    status: 'on_hold',
    rating: null,
    review: '',
    tags: ['日常', '音乐'],
  },
  {
    subjectId: 400602,
    title: '葬送のフリーレン',
    titleCn: '葬送的芙莉莲',
    airDate: '2023-09-29',
    watched: 0,
    total: 28,
    status: 'wish',
    rating: null,
    review: '',
    tags: ['奇幻'],
  },
  {
    subjectId: 1606,
    title: 'コードギアス 反逆のルルーシュ',
    titleCn: '反叛的鲁路修',
    airDate: '2006-10-05',
    watched: 3,
    total: 25,
    status: 'dropped',
    rating: 6,
    review: '节奏不适合现在的我。',
    tags: ['机战'],
  },
];

export const demoMomentTexts = [
  '早安，今天也要加油。',
  '午饭是番茄炒蛋。',
  '下班路上看到一只橘猫。',
  '又下雨了。',
  '咖啡续命中。',
  '周末去公园散步。',
  '新买的键盘到了，手感很好。',
  '晚霞真好看。',
  '失眠了，起来写代码。',
  '终于修好了那个 bug。',
  '今天读完了一本书。',
  '做了一顿火锅。',
];

export const demoComments = [
  '写得真好！',
  '收藏了，谢谢分享 (≧∇≦)',
  '同感，我也是这样想的。',
  '请问图片是在哪里拍的？',
  '[doge] 沙发',
];
