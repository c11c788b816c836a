// The slots' attributes are the shared Markdown configuration's (contract/src/markdownHtml.ts).
export { musicSlotAttribute, videoKindAttribute, videoSlotAttribute } from '@candy/contract/markdownHtml';
