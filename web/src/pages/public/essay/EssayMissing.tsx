import { Link } from '../../../app/router.tsx';

/**
 * An essay a visitor may not read (hidden, reserved, or never written): said kindly, with the way
 * back to the list. The server sends the same markup with HTTP 404 (issue 23).
 */
export const EssayMissing = () => (
  <section className="card essay-missing" data-testid="essay-missing">
    <h1 className="essay-missing-title">这篇随笔不存在或已隐藏</h1>
    <p>也许它被作者收起来了，也许地址有误。</p>
    <p>
      <Link to="/chaos">看看其他随笔</Link>
    </p>
  </section>
);
