import { editDarkKey } from '../../../app/darkMode.ts';
import { Button } from '../../../ui/Button.tsx';

/** What a dark-content page shows on 4031: the decode key is missing or wrong. */
export const DarkKeyNeeded = ({ what }: { what: string }) => (
  <section className="state-panel" data-testid="dark-key-needed" role="alert">
    <h2>需要解码密钥</h2>
    <p>{what}需要正确的暗黑模式解码密钥（或以主人身份登录）才能查看。</p>
    <Button kind="primary" onClick={editDarkKey}>
      设置解码密钥
    </Button>
  </section>
);
