import { focusableCodeBlocks } from '@candy/contract/codeBlockMarkup';
import { MARKDOWN_PICTURE_SIZES, type PictureMap, upgradePictures } from '@candy/contract/pictureMarkup';
import {
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  Suspense,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { t } from '../../i18n/i18n.ts';
import { useLanguage } from '../../i18n/useT.ts';
import { openImageViewer } from '../imageViewer/index.tsx';
import { MusicCard } from '../MusicCard/MusicCard.tsx';
import './markdown.css';
import { paintPlaceholders } from '../picturePlaceholder.ts';
import { useMarkdownRenderer } from './loadRenderer.ts';
import { musicSlotAttribute, videoKindAttribute, videoSlotAttribute } from './musicSlot.ts';

/** The player is a chunk of its own, fetched only for texts that embed a clip or a collection. */
const VideoEmbed = lazy(() => import('../VideoEmbed/VideoEmbed.tsx'));

export interface MarkdownProps {
  source: string;
  /** Our own pictures the text shows, by URL (issue 30): shown as `<picture>` at the screen's size. */
  pictures?: PictureMap | undefined;
  /** The text is the first thing on the page: its first picture loads at once, with priority. */
  eagerFirst?: boolean;
  /**
   * The source already rendered and sanitised by the server (issue 16: server-rendered pages);
   * when given, the renderer chunk is not needed.
   */
  html?: string;
  /** The level the text's `#` headings become: 2 inside a page with its own `<h1>` (an essay). */
  topHeading?: 1 | 2;
  /** Called with a clicked image (not one inside a link); the image viewer by default. */
  onOpenImage?: (image: HTMLImageElement) => void;
  className?: string;
}

// The full picture, not the copy sized for the page (issue 30: `data-original`).
const openInViewer = (image: HTMLImageElement): void => {
  void openImageViewer({ src: image.dataset.original || image.currentSrc || image.src, alt: image.alt });
};

/** The highlighter is its own chunk, fetched only when a page holds code. */
const highlightLater = (root: HTMLElement): void => {
  void import('./highlight.ts').then(({ highlightCodeBlocks }) => highlightCodeBlocks(root));
};

const openableImage = (target: EventTarget): HTMLImageElement | null =>
  target instanceof HTMLImageElement && !target.closest('a') ? target : null;

/**
 * Markdown content: sanitised HTML, code highlighted after it is shown, images open the image
 * viewer (by click or Enter), and `[music:<id>]` slots filled with a MusicCard.
 */
export const Markdown = ({
  source,
  pictures,
  eagerFirst = false,
  html: rendered,
  topHeading = 1,
  onOpenImage = openInViewer,
  className,
}: MarkdownProps) => {
  const { render, failed } = useMarkdownRenderer(rendered === undefined);
  // The pictures' and code blocks' labels are words: set again when the visitor switches language.
  const language = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `language` re-runs it for the code blocks' label (read through `t`)
  const html = useMemo(
    () =>
      focusableCodeBlocks(
        rendered ??
          (render
            ? upgradePictures(render(source, { topHeading }), pictures, {
                sizes: MARKDOWN_PICTURE_SIZES,
                eagerFirst,
              })
            : ''),
        t('markdown.codeBlock'),
      ),
    [rendered, render, source, pictures, eagerFirst, topHeading, language],
  );
  const root = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const [videoSlots, setVideoSlots] = useState<HTMLElement[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `language` re-runs it for the labels' words (read through `t`)
  useLayoutEffect(() => {
    const element = root.current;
    if (!element || !html) return;
    setSlots([...element.querySelectorAll<HTMLElement>(`[${musicSlotAttribute}]`)]);
    setVideoSlots([...element.querySelectorAll<HTMLElement>(`[${videoSlotAttribute}]`)]);
    for (const image of element.querySelectorAll('img')) {
      if (image.closest('a')) continue;
      image.tabIndex = 0;
      image.setAttribute('role', 'button');
      image.setAttribute('aria-label', image.alt ? t('image.view.alt', { alt: image.alt }) : t('image.view'));
    }
    if (element.querySelector('pre code[class*="language-"]')) highlightLater(element);
    paintPlaceholders(element);
  }, [html, language]);

  const onClick = (event: MouseEvent) => {
    const image = openableImage(event.target);
    if (image) onOpenImage(image);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const image = openableImage(event.target);
    if (image && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onOpenImage(image);
    }
  };

  // Without the renderer chunk (a failed download) the text is still readable, as plain text.
  if (failed && !render && rendered === undefined)
    return (
      <div className={`markdown markdown-plain${className ? ` ${className}` : ''}`} data-content>
        {source}
      </div>
    );

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates to the images inside, which are buttons */}
      <div
        ref={root}
        className={className ? `markdown ${className}` : 'markdown'}
        data-content
        aria-busy={html === ''}
        onClick={onClick}
        onKeyDown={onKeyDown}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {slots.map((slot) =>
        createPortal(
          <MusicCard id={slot.getAttribute(musicSlotAttribute) ?? ''} />,
          slot,
          `${slot.getAttribute(musicSlotAttribute)}-${slots.indexOf(slot)}`,
        ),
      )}
      {videoSlots.map((slot, index) =>
        createPortal(
          <Suspense fallback={<div className="video-embed video-embed-loading" />}>
            <VideoEmbed
              kind={slot.getAttribute(videoKindAttribute) === 'collection' ? 'collection' : 'video'}
              id={Number(slot.getAttribute(videoSlotAttribute))}
            />
          </Suspense>,
          slot,
          `video-${index}`,
        ),
      )}
    </>
  );
};
