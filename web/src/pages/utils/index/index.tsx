import '../shared/tool.css';
import './toolbox.css';
import { Link } from '../../../app/router.tsx';
import { useT } from '../../../i18n/useT.ts';
import { PrivacyNote } from '../shared/PrivacyNote.tsx';

/** Each tool's name is its page title (`title.<tool>`); its line is `utils.<tool>.line`. */
const TOOLS = ['merge-image', 'oplus-log-decrypt', 'qrcode-decode'] as const;

export default function ToolboxPage() {
  const t = useT();
  return (
    <div className="tool toolbox">
      <h1>{t('title.utils')}</h1>
      <PrivacyNote />
      <ul className="toolbox-list" data-testid="tools">
        {TOOLS.map((tool) => (
          <li key={tool}>
            <Link to={`/utils/${tool}`}>
              <strong>{t(`title.${tool}`)}</strong>
              <span>{t(`utils.${tool}.line`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
