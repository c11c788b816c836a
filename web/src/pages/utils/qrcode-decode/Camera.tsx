import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/useT.ts';

interface CameraProps {
  /** Returns true when the frame held a code, which ends scanning. */
  onFrame: (frame: ImageBitmap) => Promise<boolean>;
  onClose: () => void;
}

const SCAN_EVERY_MS = 300;

/** The back camera, one frame at a time to the decoder until a code turns up. */
export const Camera = ({ onFrame, onClose }: CameraProps) => {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  /** A key of the catalogue: translated when shown. */
  const [error, setError] = useState<
    'utils.qrcode-decode.camera.none' | 'utils.qrcode-decode.camera.denied' | null
  >(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the camera starts once per opening
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const scan = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (v.readyState >= 2 && v.videoWidth > 0) {
        const found = await onFrame(await createImageBitmap(v)).catch(() => false);
        if (found) {
          onClose();
          return;
        }
      }
      if (!stopped) timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError('utils.qrcode-decode.camera.none');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        setError('utils.qrcode-decode.camera.denied');
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      void scan();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="qr-camera">
      {error ? (
        <p className="tool-error" role="alert">
          {t(error)}
        </p>
      ) : (
        <video ref={video} muted playsInline />
      )}
      <button type="button" onClick={onClose}>
        {t('utils.qrcode-decode.camera.close')}
      </button>
    </div>
  );
};
