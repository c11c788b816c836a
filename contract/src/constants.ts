/** Spec §9 business constants and the fixed texts of §4, §5 and §8, in one place for server and web. */
export const SiteDefaults = {
  title: '糖果罐',
  slogan: 'Happy Sugar Life',
  darkSlogan: 'Unhappy Sugar Life',
} as const;

export const Limits = {
  toastDurationMs: 3000,
  toastAnimationMs: 200,
  searchDebounceMs: 500,
  handshakeTtlMs: 1_500_000,
  offlineEssayPageSize: 10,
  gateClicks: 10,
  gateWindowMs: 1000,
  titleSwapScrollPx: 50,
  navShadowCapPx: 10,
  storageVersion: 6,
  pageBuild: '20250916-1',
  endpointTiers: [0, 1, 2] as const,
  clientTimeoutMs: 0,
  uploadChunkBytes: 64 * 1024,
  overlayZIndex: 2000,
  viewerMinPx: 50,
  viewerFitRatio: 0.8,
  viewerTapThresholdPx: 5,
  viewerReadyPollMs: 100,
  autoDarkHours: [0, 6] as const,
  eveningHours: [17, 19] as const,
  /** Local storage key of the storage record (spec §3). */
  storageKey: 'storage',
  /** The storage record's oldest version that can still be migrated (4 → 5 → 6). */
  storageMigratableFrom: 4,
} as const;

/** Spec §5 phone check: a mobile number with an optional 86 / +86 prefix, or a landline. */
export const PhonePatterns = {
  mobile: /^(?:\+?86)?1\d{10}$/,
  landline: /^0[\d-]{9,12}$/,
} as const;

export const Texts = {
  unreachable: '无法访问在线服务器，正在使用离线模式',
  offlineWrite: '正在使用离线模式',
  /** A call that got no answer at all (issue 24: never the browser's "Failed to fetch"). */
  serverUnreachable: '连不上服务器',
  offlineSearch: '离线模式下仅可以使用[#id]形式检索',
  businessError: '业务出错',
  emptyInput: '请输入内容',
  illegalInput: 'Illegal input',
  musicNotFound: (id: string | number) => `没有找到对应的音乐: ${id}`,
  lazyLoadFailed: (cause: string) => `动态加载组件失败, ${cause}`,
  confirmTitle: '提示',
  confirmMessage: '确认执行操作?',
  autoDark: '现在是网抑时间',
  evening: '逢魔之时',
  devMode: '已设置使用开发模式',
  offlineMode: '已设置使用离线模式',
  offlineVersion: 'Offline',
  phoneNameRequired: '请填写姓名',
  phoneInvalid: '请填写正确的电话',
  darkKeyTitle: '暗黑模式解码密钥',
  darkKeyPlaceholder: '输入解码密钥',
  darkKeyConfirm: '确认',
  darkKeyIgnore: '忽略',
  darkKeySet: '设置暗黑模式密钥',
  darkKeyReset: '重置暗黑模式密钥',
  offlineFetchFailed: (cause: string) => `离线数据加载失败: ${cause}`,
  noCookies: '本站不使用 Cookie，仅使用浏览器本地存储 (localStorage) 保存设置。',
} as const;
