/**
 * The ALTCHA widget (issue 25), in a chunk of its own: imported only when a visitor starts writing a
 * comment (useProof.ts), never with a page's first JavaScript. Its challenges come from our own
 * server (GET /blog/comment/challenge, through the request client); no third party is contacted.
 */
import 'altcha';
import 'altcha/i18n/zh-cn';
import type { PowChallenge } from '@candy/contract/calls/commentModeration';

export interface ProofWidget {
  /** The payload of a solved challenge: the one solved already, or one solved now. */
  take(): Promise<string>;
  /** Forget the solved challenge (each is accepted once) and start on the next. */
  renew(): void;
}

/** Puts the widget into `container`; it starts solving at once, while the visitor types. */
export const mountProofWidget = (
  container: HTMLElement,
  fetchChallenge: () => Promise<PowChallenge>,
): ProofWidget => {
  const widget = document.createElement('altcha-widget');
  container.replaceChildren(widget);
  void widget.configure({
    // The widget fetches this "URL" through `fetch` below: our request client, with its headers,
    // envelope and API host.
    challenge: 'comment-challenge',
    fetch: async () =>
      new Response(JSON.stringify(await fetchChallenge()), {
        headers: { 'content-type': 'application/json' },
      }),
    auto: 'onload',
    language: 'zh-cn',
    hideLogo: true,
    hideFooter: true,
    // Nothing beyond the proof itself is collected or sent.
    humanInteractionSignature: false,
    name: 'proof',
  });

  const solved = (): string | null => {
    const input = widget.querySelector<HTMLInputElement>('input[name="proof"]');
    return widget.getState() === 'verified' && input?.value ? input.value : null;
  };

  return {
    async take() {
      const ready = solved();
      if (ready) return ready;
      const result = await widget.verify();
      if (!result?.payload) throw new Error('人机验证没有完成，请重试');
      return result.payload;
    },
    renew() {
      widget.reset();
      void widget.verify();
    },
  };
};
