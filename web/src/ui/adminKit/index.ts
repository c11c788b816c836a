/**
 * The back office's extra component set (spec §2: "some pages are flagged to load an extra
 * component set before showing"): table, form and toolbar styles plus the widgets below. Split
 * off so that visitors never download them.
 */
import './adminKit.css';

export { Field } from './Field.tsx';
export { Pager } from './Pager.tsx';
