import '../shared/tool.css';
import './qrcode-decode.css';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { FileDrop } from '../shared/FileDrop.tsx';
import { PrivacyNote } from '../shared/PrivacyNote.tsx';
import { said, type Words, wordsOf } from '../shared/said.ts';
import { say } from '../shared/say.ts';
import { Camera } from './Camera.tsx';
import { CodeList } from './CodeList.tsx';
import type { Engine } from './protocol.ts';
import type { FoundCode } from './readCodes.ts';
import { useQrReader } from './useQrReader.ts';

interface Scan {
  id: number;
  /** The file's name (content), or what the picture was (pasted, the camera). */
  name: Words;
  url: string | null;
  state: 'reading' | 'done' | 'failed';
  codes: FoundCode[];
  engine: Engine | null;
  error: Words | null;
}

let nextScan = 0;

export default function QrcodeDecodePage() {
  const t = useT();
  const engineNames: Record<Engine, string> = {
    native: t('utils.qrcode-decode.native'),
    zxing: 'zxing-wasm',
  };
  const read = useQrReader();
  const [scans, setScans] = useState<Scan[]>([]);
  const [camera, setCamera] = useState(false);

  const update = useCallback(
    (id: number, patch: Partial<Scan>) =>
      setScans((all) => all.map((s) => (s.id === id ? { ...s, ...patch } : s))),
    [],
  );

  const readImages = useCallback(
    (files: File[]) => {
      for (const file of files.filter((f) => f.type.startsWith('image/'))) {
        const id = nextScan++;
        const url = URL.createObjectURL(file);
        const scan: Scan = {
          id,
          name: file.name || said('utils.qrcode-decode.pasted'),
          url,
          state: 'reading',
          codes: [],
          engine: null,
          error: null,
        };
        setScans((all) => [scan, ...all]);
        read(file)
          .then((r) => update(id, { state: 'done', codes: r.codes, engine: r.engine }))
          .catch((e: unknown) => update(id, { state: 'failed', error: wordsOf(e) }));
      }
    },
    [read, update],
  );

  // Ctrl+V anywhere on the page reads a pasted image.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
      if (files.length === 0) return;
      event.preventDefault();
      readImages(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [readImages]);

  // Object URLs live as long as the page, which stays alive for the whole visit (keep-alive): they
  // are not revoked when it is hidden, or its previews would break on return.

  const onFrame = async (frame: ImageBitmap) => {
    const result = await read(frame);
    if (result.codes.length === 0) return false;
    const scan: Scan = {
      id: nextScan++,
      name: said('utils.qrcode-decode.camera'),
      url: null,
      state: 'done',
      codes: result.codes,
      engine: result.engine,
      error: null,
    };
    setScans((all) => [scan, ...all]);
    return true;
  };

  return (
    <div className="tool qr-decode">
      <h1>{t('title.qrcode-decode')}</h1>
      <PrivacyNote />
      <FileDrop
        multiple
        accept="image/*"
        label={t('utils.qrcode-decode.drop')}
        hint={t('utils.qrcode-decode.drop.hint')}
        onFiles={readImages}
      />
      <div className="tool-row">
        {camera ? (
          <Camera onFrame={onFrame} onClose={() => setCamera(false)} />
        ) : (
          <button type="button" onClick={() => setCamera(true)}>
            {t('utils.qrcode-decode.scan')}
          </button>
        )}
      </div>
      <ul className="qr-scans" data-testid="scans">
        {scans.map((scan) => (
          <li key={scan.id} className="qr-scan" data-testid="scan">
            {scan.url && <img src={scan.url} alt={say(scan.name)} />}
            <div className="qr-scan-body">
              {typeof scan.name === 'string' ? (
                <strong data-content>{scan.name}</strong>
              ) : (
                <strong>{say(scan.name)}</strong>
              )}
              {scan.state === 'reading' && <p role="status">{t('utils.qrcode-decode.reading')}</p>}
              {scan.state === 'failed' && (
                <p className="tool-error" role="alert">
                  {scan.error && say(scan.error)}
                </p>
              )}
              {scan.state === 'done' && (
                <p className="qr-summary" data-testid="scan-summary">
                  {scan.codes.length > 0
                    ? t('utils.qrcode-decode.found', { count: scan.codes.length })
                    : t('utils.qrcode-decode.none')}
                  {scan.engine && ` · ${engineNames[scan.engine]}`}
                </p>
              )}
              <CodeList codes={scan.codes} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
