import type { Emote } from '@candy/contract/calls/emotes';

/**
 * The built-in set: unicode emoji and kaomoji, so every code renders without any outside image host.
 * Codes follow the names people already type on Chinese sites (`[微笑]`, `[doge]`).
 */
const emoji: [code: string, value: string][] = [
  ['微笑', '🙂'],
  ['大笑', '😄'],
  ['笑哭', '😂'],
  ['偷笑', '🤭'],
  ['害羞', '😊'],
  ['喜欢', '😍'],
  ['亲亲', '😘'],
  ['酷', '😎'],
  ['思考', '🤔'],
  ['疑问', '❓'],
  ['惊讶', '😮'],
  ['尴尬', '😅'],
  ['流汗', '😓'],
  ['无语', '😑'],
  ['白眼', '🙄'],
  ['难过', '😢'],
  ['大哭', '😭'],
  ['生气', '😠'],
  ['发怒', '😡'],
  ['睡觉', '😴'],
  ['晕', '😵'],
  ['吐', '🤮'],
  ['doge', '🐶'],
  ['喵', '🐱'],
  ['点赞', '👍'],
  ['鼓掌', '👏'],
  ['抱拳', '🙏'],
  ['OK', '👌'],
  ['爱心', '❤️'],
  ['心碎', '💔'],
  ['花', '🌸'],
  ['星星', '⭐'],
  ['太阳', '☀️'],
  ['月亮', '🌙'],
  ['蛋糕', '🍰'],
  ['糖果', '🍬'],
  ['咖啡', '☕'],
  ['干杯', '🍻'],
  ['礼物', '🎁'],
  ['庆祝', '🎉'],
  ['火', '🔥'],
  ['吃瓜', '🍉'],
];

const kaomoji: [code: string, value: string][] = [
  ['开心', '(≧∇≦)'],
  ['得意', '(￣▽￣)'],
  ['耶', '٩(ˊᗜˋ*)و'],
  ['害怕', '(((ﾟДﾟ;)))'],
  ['哭哭', '(╥﹏╥)'],
  ['掀桌', '(╯°□°)╯︵ ┻━┻'],
  ['摊手', '¯\\_(ツ)_/¯'],
  ['呆', '(・_・)'],
  ['比心', '(๑•̀ㅂ•́)و✧'],
  ['蹭蹭', "(〃'▽'〃)"],
  ['委屈', '(´;ω;`)'],
  ['无奈', '(－_－) zzZ'],
  ['好耶', 'ヾ(≧▽≦*)o'],
  ['抱抱', '(つ´ω`)つ'],
  ['偷看', '|ω・)'],
  ['溜了', '=͟͟͞͞(꒪ᗜ꒪ ‧̣̥̇)'],
];

export const builtinEmotes: readonly Emote[] = [
  ...emoji.map(([code, value]) => ({ code: `[${code}]`, group: 'emoji', type: 'text' as const, value })),
  ...kaomoji.map(([code, value]) => ({ code: `[${code}]`, group: '颜文字', type: 'text' as const, value })),
];
