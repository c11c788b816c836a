// The slots' attributes, without the Markdown configuration itself (which brings marked along).
export { musicSlotAttribute, videoKindAttribute, videoSlotAttribute } from '@candy/contract/markdownSlots';
