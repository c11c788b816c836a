import { enterDarkKey } from '../../../app/darkMode.ts';
import { Link } from '../../../app/router.tsx';
import { useAppInfo, useIsOffline } from '../../../core/appState.ts';
import { storage } from '../../../core/storage.ts';
import { useStore } from '../../../core/store.ts';
import { Button } from '../../../ui/Button.tsx';

/**
 * What a dark-content page shows on 4031. The open gate shows 朋友圈 in the menu (spec §2) but does
 * not unlock it, so the panel says why it is locked and takes the key (or, with the gate open,
 * points to the owner's login) right here (issue 41.14).
 */
export const DarkKeyNeeded = ({ what }: { what: string }) => {
  const hasKey = useStore(storage, (record) => record.darkModeDecodeKey !== '');
  const gate = useAppInfo((info) => info.openGreatOldOneGate);
  // Offline only the key opens the snapshot's sealed copy: a login would not help (issue 46.2).
  const offline = useIsOffline();
  return (
    <section className="state-panel" data-testid="dark-key-needed" role="alert">
      <h2>{hasKey ? '解码密钥不对' : '需要解码密钥'}</h2>
      <p>
        {what}只给知道暗黑模式解码密钥的人看{hasKey ? '，当前的密钥打不开它' : ''}。输入正确的密钥
        {offline ? (
          ''
        ) : gate ? (
          <>
            ，或<Link to="/contract">以主人身份登录</Link>
          </>
        ) : (
          '（或以主人身份登录）'
        )}
        后即可查看。
      </p>
      <Button kind="primary" onClick={enterDarkKey}>
        输入解码密钥
      </Button>
    </section>
  );
};
