import '../shared/tool.css';
import './toolbox.css';
import { Link } from '../../../app/router.tsx';
import { PrivacyNote } from '../shared/PrivacyNote.tsx';

const TOOLS = [
  {
    path: '/utils/merge-image',
    name: '长截图拼接',
    line: '把几张滚动截图拼成一张长图，自动去掉重复的顶栏、底栏和重叠部分。',
  },
  {
    path: '/utils/oplus-log-decrypt',
    name: '日志解密',
    line: '解开 OPPO / 一加 / realme 应用的 .dog 日志（Logan 格式），也能看未加密的 xlog 和日志压缩包。',
  },
  {
    path: '/utils/qrcode-decode',
    name: '二维码识别',
    line: '从图片、粘贴或摄像头识别二维码，一张图里的多个码都能读出来。',
  },
];

export default function ToolboxPage() {
  return (
    <div className="tool toolbox">
      <h1>工具箱</h1>
      <PrivacyNote />
      <ul className="toolbox-list" data-testid="tools">
        {TOOLS.map((tool) => (
          <li key={tool.path}>
            <Link to={tool.path}>
              <strong>{tool.name}</strong>
              <span>{tool.line}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
