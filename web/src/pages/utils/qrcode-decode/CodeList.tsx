import { useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import type { FoundCode } from './readCodes.ts';

const isWebUrl = (text: string) => {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const copy = async (text: string): Promise<boolean> => {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (insecure context, no permission): the old way still works.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
};

/** Decoded texts as plain text; a URL is only a button the user must press, never auto-followed. */
export const CodeList = ({ codes }: { codes: FoundCode[] }) => {
  const t = useT();
  const [copied, setCopied] = useState<number | null>(null);
  return (
    <ol className="qr-codes" data-testid="codes">
      {codes.map((code, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: codes are positional within one image
        <li key={i} data-testid="code">
          <pre className="qr-text" data-content>
            {code.text}
          </pre>
          <div className="tool-row">
            <button
              type="button"
              onClick={() =>
                void copy(code.text).then((ok) => {
                  if (ok) setCopied(i);
                })
              }
            >
              {copied === i ? t('utils.qrcode-decode.copied') : t('utils.qrcode-decode.copy')}
            </button>
            {isWebUrl(code.text) && (
              <button
                type="button"
                onClick={() => window.open(code.text.trim(), '_blank', 'noopener,noreferrer')}
              >
                {t('utils.qrcode-decode.open')}
              </button>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
};
