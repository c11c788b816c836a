import { Limits } from '@candy/contract/constants';
import { useRef, useState } from 'react';
import { t } from '../i18n/i18n.ts';

export interface SearchInputProps {
  /** Called 500ms after the last keystroke (spec §5), and at once on Enter. */
  onSearch: (text: string) => void;
  initial?: string;
  placeholder?: string;
  delay?: number;
}

export const SearchInput = ({
  onSearch,
  initial = '',
  placeholder = t('search.placeholder'),
  delay = Limits.searchDebounceMs,
}: SearchInputProps) => {
  const [text, setText] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // No clearing on unmount: a kept-alive page's effects are torn down each time it is hidden, and
  // a search typed just before leaving must still happen (its answer waits on the hidden page).
  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(value), delay);
  };
  return (
    <input
      className="input search-input"
      type="search"
      value={text}
      placeholder={placeholder}
      onChange={(e) => change(e.target.value)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        clearTimeout(timer.current);
        latest.current(text);
      }}
    />
  );
};
