import '../shared/tool.css';
import './qrcode-decode.css';
import { useCallback, useEffect, useState } from 'react';
import { FileDrop } from '../shared/FileDrop.tsx';
import { PrivacyNote } from '../shared/PrivacyNote.tsx';
import { Camera } from './Camera.tsx';
import { CodeList } from './CodeList.tsx';
import type { Engine } from './protocol.ts';
import type { FoundCode } from './readCodes.ts';
import { useQrReader } from './useQrReader.ts';

interface Scan {
  id: number;
  name: string;
  url: string | null;
  state: 'reading' | 'done' | 'failed';
  codes: FoundCode[];
  engine: Engine | null;
  error: string | null;
}

const ENGINE_NAMES: Record<Engine, string> = { native: '浏览器自带的 BarcodeDetector', zxing: 'zxing-wasm' };

let nextScan = 0;

export default function QrcodeDecodePage() {
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
          name: file.name || '粘贴的图片',
          url,
          state: 'reading',
          codes: [],
          engine: null,
          error: null,
        };
        setScans((all) => [scan, ...all]);
        read(file)
          .then((r) => update(id, { state: 'done', codes: r.codes, engine: r.engine }))
          .catch((e: Error) => update(id, { state: 'failed', error: e.message }));
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
      name: '摄像头',
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
      <h1>二维码识别</h1>
      <PrivacyNote />
      <FileDrop
        multiple
        accept="image/*"
        label="拖入或选择图片，也可以直接 Ctrl+V 粘贴"
        hint="一张图里有几个二维码都会识别出来"
        onFiles={readImages}
      />
      <div className="tool-row">
        {camera ? (
          <Camera onFrame={onFrame} onClose={() => setCamera(false)} />
        ) : (
          <button type="button" onClick={() => setCamera(true)}>
            用摄像头扫描
          </button>
        )}
      </div>
      <ul className="qr-scans" data-testid="scans">
        {scans.map((scan) => (
          <li key={scan.id} className="qr-scan" data-testid="scan">
            {scan.url && <img src={scan.url} alt={scan.name} />}
            <div className="qr-scan-body">
              <strong>{scan.name}</strong>
              {scan.state === 'reading' && <p role="status">识别中…</p>}
              {scan.state === 'failed' && (
                <p className="tool-error" role="alert">
                  {scan.error}
                </p>
              )}
              {scan.state === 'done' && (
                <p className="qr-summary" data-testid="scan-summary">
                  {scan.codes.length > 0 ? `找到 ${scan.codes.length} 个二维码` : '没有找到二维码'}
                  {scan.engine && ` · ${ENGINE_NAMES[scan.engine]}`}
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
