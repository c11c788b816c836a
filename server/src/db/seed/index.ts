import type { Insertable } from 'kysely';
import type { Config } from '../../config.ts';
import { drawDemoApart } from '../../modules/images/variantsProcess.ts';
import { createStorage } from '../../storage/index.ts';
import type { Db } from '../index.ts';
import type { EssayTable } from '../schema.ts';
import { demoAbout, demoBangumi, demoComments, demoEssays, demoLinks, demoMomentTexts } from './content.ts';
import { type DemoImage, storeDemoPictures } from './images.ts';
import { seedInsight } from './insight.ts';
import { seedQuotes } from './quotes.ts';

const DAY = 86_400_000;

/** A small deterministic PRNG so every fresh demo database looks the same. */
const prng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

const seededMarker = { group_name: 'system', key: 'demo-seeded' } as const;

/**
 * Fills a brand-new database with demo content. Runs once: a marker in meta_string remembers it,
 * so an owner who deletes the demo essays never sees them come back.
 */
export const seedDemoIfEmpty = async (db: Db, config: Config, now = Date.now()): Promise<boolean> => {
  const marker = await db
    .selectFrom('meta_string')
    .select('id')
    .where('group_name', '=', seededMarker.group_name)
    .where('key', '=', seededMarker.key)
    .executeTakeFirst();
  if (marker) return false;
  const storage = createStorage(config);
  const drawn = await drawDemoApart();
  const pictures = await storeDemoPictures(storage, drawn.cards);
  const photos = await storeDemoPictures(storage, drawn.photos);
  return db.transaction().execute(async (trx) => {
    // The marker is claimed first, inside the transaction: replicas starting together on one
    // PostgreSQL race here, and the unique (group, key) makes the second wait for the first to commit
    // and then insert nothing, so exactly one of them seeds (issue 28's cluster found the race).
    const claim = await trx
      .insertInto('meta_string')
      .values({ ...seededMarker, value: String(now), created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['group_name', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await seedContent(trx, pictures, photos, now);
    // Pictures of the pipeline (issue 30): their copies are made by the image-variants job.
    await trx
      .insertInto('image')
      .values(
        [...pictures, ...photos].map((p) => ({
          key: p.key,
          mime: 'image/jpeg',
          width: p.width,
          height: p.height,
          size: p.size,
          created_at: now,
        })),
      )
      .execute();
    return true;
  });
};

const seedContent = async (
  db: Db,
  pictures: DemoImage[],
  photos: DemoImage[],
  now: number,
): Promise<void> => {
  const random = prng(42);
  const urls = pictures.map((p) => p.url);

  // The essays show photographs (resized by the pipeline); moments and the gallery keep the cards.
  const essays = demoEssays(urls.map((url, index) => photos[index % photos.length]?.url ?? url));
  const essayRows: Insertable<EssayTable>[] = essays.map((content, index) => {
    const at = now - (essays.length - index) * 3 * DAY;
    return { content, hide: 0, reservation: null, created_at: at, updated_at: at };
  });
  // One hidden draft and one reserved for tomorrow: visitors must see neither.
  essayRows.push({
    content: '这是一篇隐藏的草稿，只有主人能看到。',
    hide: 1,
    reservation: null,
    created_at: now - DAY,
    updated_at: now - DAY,
  });
  essayRows.push({
    content: '这是一篇定时发布的随笔，明天才会出现。',
    hide: 0,
    reservation: now + DAY,
    created_at: now,
    updated_at: now,
  });
  await db.insertInto('essay').values(essayRows).execute();

  await db.insertInto('article').values({ id: 1, content: demoAbout, updated_at: now }).execute();

  await db
    .insertInto('link')
    .values(
      demoLinks.map((link, index) => ({
        ...link,
        avatar: '',
        sort_order: index,
        created_at: now,
      })),
    )
    .execute();

  await db
    .insertInto('hitokoto')
    .values(
      seedQuotes.map((q) => ({
        hitokoto: q.hitokoto,
        type: q.type,
        source: q.from,
        source_who: q.fromWho,
        length: [...q.hitokoto].length,
        created_at: now,
      })),
    )
    .execute();

  await db
    .insertInto('bangumi')
    .values(
      demoBangumi.map((b, index) => ({
        subject_id: b.subjectId,
        title: b.title,
        title_cn: b.titleCn,
        cover: urls[index % urls.length] ?? '',
        air_date: b.airDate,
        episodes_watched: b.watched,
        episodes_total: b.total,
        status: b.status,
        rating: b.rating,
        review: b.review,
        tags: JSON.stringify(b.tags),
        created_at: now - index * DAY,
        updated_at: now - index * DAY,
      })),
    )
    .execute();

  // Moments spread over the last year, denser on some days, at plausible hours.
  const moments = Array.from({ length: 160 }, (_, index) => {
    const day = Math.floor(random() * 365);
    const hour = [8, 9, 12, 13, 18, 20, 21, 22, 23][Math.floor(random() * 9)] ?? 12;
    const at = now - day * DAY - ((now % DAY) - hour * 3_600_000) - Math.floor(random() * 3_600_000);
    const imageCount = random() < 0.35 ? 1 + Math.floor(random() * 4) : 0;
    const images = Array.from({ length: imageCount }, (_, i) => {
      const { url, width, height } = pictures[(index + i) % pictures.length] as DemoImage;
      return { url, width, height };
    });
    return {
      content: demoMomentTexts[index % demoMomentTexts.length] ?? '',
      images: JSON.stringify(images),
      created_at: Math.min(at, now - 60_000),
      updated_at: Math.min(at, now - 60_000),
    };
  }).sort((a, b) => a.created_at - b.created_at);
  await db.insertInto('moment').values(moments).execute();

  const firstEssays = await db.selectFrom('essay').select('id').orderBy('id').limit(5).execute();
  const comments = firstEssays.flatMap(({ id }, index) =>
    demoComments.slice(0, 2 + (index % 3)).map((content, i) => ({
      target_type: 'essay',
      target_id: id,
      parent_id: null,
      uuid: `demo-visitor-${i}`,
      ip: '127.0.0.1',
      guest_name: ['路过的猫', '小明', '匿名', 'Alice', '旅人'][i] ?? '访客',
      guest_email: '',
      content,
      is_owner: 0,
      created_at: now - (5 - index) * DAY + i * 60_000,
      updated_at: now - (5 - index) * DAY + i * 60_000,
    })),
  );
  comments.push({
    target_type: 'article',
    target_id: 1,
    parent_id: null,
    uuid: 'demo-visitor-9',
    ip: '127.0.0.1',
    guest_name: '第一位访客',
    guest_email: '',
    content: '来踩一踩 ~',
    is_owner: 0,
    created_at: now - DAY,
    updated_at: now - DAY,
  });
  await db.insertInto('comment').values(comments).execute();

  await db
    .insertInto('waifu')
    .values(
      pictures.map(({ url, width, height }, index) => ({
        url,
        width,
        height,
        title: `demo ${index + 1}`,
        created_at: now - index * DAY,
      })),
    )
    .execute();

  // The to-do list (issue 11): one overdue, one done, one without a date.
  const todos = [
    { title: '给友链们回访一圈', priority: 2, due_at: now - 2 * DAY, done: 0 },
    { title: '补完《葬送的芙莉莲》第二季', priority: 1, due_at: now + 7 * DAY, done: 0 },
    { title: '整理相册里的老婆图', priority: 0, due_at: null, done: 0 },
    { title: '备份数据库', priority: 3, due_at: now - DAY, done: 1 },
  ];
  await db
    .insertInto('todo')
    .values(
      todos.map((todo, index) => ({
        ...todo,
        notes: '',
        sort_order: index,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  // Every setting the site reads from metadata (issue 11), so the metadata page shows real values.
  const settings: [string, string, string][] = [
    [
      'site',
      'footer-tags',
      JSON.stringify([
        { name: '随笔', href: '/chaos', title: '所有随笔' },
        { name: '番剧', href: '/pastel-memories', title: '看过的番剧' },
        { name: '工具箱', href: '/utils', title: '一些小工具' },
        { name: '关于', href: '/about', title: '关于本站与作者' },
      ]),
    ],
    ['site', 'contact', '/about'],
    ['site', 'notices', '本站为演示数据，随时可能重置。'],
    ['comment', 'banned-words', '发票\n代开'],
    ['system', 'dokkiri', 'false'],
  ];
  await db
    .insertInto('meta_string')
    .values(
      settings.map(([group_name, key, value]) => ({
        group_name,
        key,
        value,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await seedInsight(db, now, random);
};
