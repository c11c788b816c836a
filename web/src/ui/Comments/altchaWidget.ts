/**
 * The ALTCHA widget (issue 25), in a chunk of its own: imported only when a visitor starts writing a
 * comment (useProof.ts), never with a page's first JavaScript. Its challenges come from our own
 * server (GET /blog/comment/challenge, through the request client); no third party is contacted.
 */
import 'altcha';
import 'altcha/i18n/zh-cn';
import type { PowChallenge } from '@candy/contract/calls/commentModeration';
import { intlTag, t } from '../../i18n/i18n.ts';

export interface ProofWidget {
  /** The payload of a solved challenge: the one solved already, or one solved now. */
  take(): Promise<string>;
  /** Forget the solved challenge (each is accepted once) and start on the next. */
  renew(): void;
}

/** The widget's methods exist once its component has mounted, a moment after it is attached. */
const mounted = async (widget: HTMLElementTagNameMap['altcha-widget']): Promise<void> => {
  await customElements.whenDefined('altcha-widget');
  for (let tries = 0; typeof widget.configure !== 'function'; tries += 1) {
    if (tries > 100) throw new Error(t('comments.proof.notLoaded'));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Puts the widget into `container`; it starts solving at once, while the visitor types. */
export const mountProofWidget = async (
  container: HTMLElement,
  fetchChallenge: () => Promise<PowChallenge>,
): Promise<ProofWidget> => {
  const widget = document.createElement('altcha-widget');
  container.replaceChildren(widget);
  await mounted(widget);
  await widget.configure({
    // The widget fetches this "URL" through `fetch` below: our request client, with its headers,
    // envelope and API host.
    challenge: 'comment-challenge',
    fetch: async () =>
      new Response(JSON.stringify(await fetchChallenge()), {
        headers: { 'content-type': 'application/json' },
      }),
    // The widget's own words: Chinese from the import above, English built in (issue 44).
    language: intlTag().toLowerCase(),
    hideLogo: true,
    hideFooter: true,
    // Nothing beyond the proof itself is collected or sent.
    humanInteractionSignature: false,
    name: 'proof',
  });
  // Solving starts now, while the visitor is still writing.
  void widget.verify();

  const solved = (): string | null => {
    const input = widget.querySelector<HTMLInputElement>('input[name="proof"]');
    return widget.getState() === 'verified' && input?.value ? input.value : null;
  };

  /** Until a solve under way (started on focus) ends, one way or the other. */
  const settled = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        if (widget.getState() === 'verifying') return;
        widget.removeEventListener('statechange', done);
        resolve();
      };
      widget.addEventListener('statechange', done);
      done();
    });

  return {
    async take() {
      await settled();
      const ready = solved();
      if (ready) return ready;
      const result = await widget.verify();
      if (!result?.payload) throw new Error(t('comments.proof.notDone'));
      return result.payload;
    },
    renew() {
      widget.reset();
      void widget.verify();
    },
  };
};
